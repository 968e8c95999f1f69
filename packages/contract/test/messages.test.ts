import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LOCKOUT_MINUTES,
  AUTH_TEXTS,
  ERROR_MESSAGES,
  MIN_AGE_YEARS,
  SUCCESS_MESSAGES,
  SUPPORT_REPLY_HOURS,
  VALIDATION_MESSAGES,
  formatAttemptsRemaining,
  formatRedirectCountdown,
  formatResendOtpCountdown,
  formatSuggestionsProcessed,
  formatUrlAdditionFailed,
} from '../src';

// Literal texts copied from the spec (§2, §4, §5, §7, §8); N stands for a number there.
const SPEC_ERROR_TEXTS = [
  'Some error occurred. Please try again',
  'Project deletion request failed',
  'Project updation request failed',
  'Some Error Occured while fetching project report',
  'Url add to scope failed',
  'Scope toggle failed',
  'Track Url toggle failed',
  "Couldn't update",
  'INVALID API: Api verication failed',
  'Unable to create TM Revision',
  'Unable to fetch TM Revision',
  'Unable to reject suggestion',
  'Some error occured while accepting suggestion please update again!!.',
  'Error:User Translation update failed',
  'Error while reverting',
  'Error while fetching the word count',
  'Some error occured while fetching api list',
  'Invalid Request.!',
  'Error encountered while fetching stats',
  'Error in webhook call',
  'File Updation Failed',
  'Something went wrong',
];

const SPEC_SUCCESS_TEXTS = [
  'Wordcount will be updated shortly. Please check back after some time',
  'crawling request has been accepted',
  'Cache cleared successfully',
  'Project delete request sent, Project will be deleted in a moment',
  'Thank you for Contacting us. We will get back to you within 48 Hours',
  'Transaction dismissed by user!!.',
  'Suggestions processed successfully',
  'Kindly verify the OTPs received on your mobile and email.',
  'Verification email has been sent to the registered email id',
];

const SPEC_VALIDATION_TEXTS = [
  'Please enter your name',
  'Minimum 3 characters',
  'Name should be atleast 3 letters long',
  'Please enter valid URL',
  'Email is required',
  'Invalid email format',
  'Please input your password!',
  'Password must not contain whitespace characters.',
  'The two passwords that you entered do not match!',
  'Please select atleast one language',
  'You can only select up to three options.',
  'Please enter valid Number',
  'Please enter both New Password and Confirm Password to update your password.',
  'confirm password doesnt match',
  'Please input your email!',
  'Please upload a correct format',
  'No Strings found to replace!',
];

const SPEC_AUTH_TEXTS = [
  'Too many failed attempts',
  'Your account has been temporarily locked',
  'Please try again after 30 minutes or reset your password',
  "Please wait don't refresh your page, while we are verifying your email Id.....",
  'Loading...',
  'REGISTER FOR FREE',
  'Verified',
  'Please enter new password',
  'Update Password',
  'Whitelist Email Service',
  'Terms & Conditions',
  'I agree to the terms and conditions',
  'I am above 18 years of age and have read and accepted Privacy Policy',
];

describe('fixed texts', () => {
  it('carries every error text of spec §8 verbatim', () => {
    const values: string[] = Object.values(ERROR_MESSAGES);
    for (const text of SPEC_ERROR_TEXTS) expect(values, text).toContain(text);
  });

  it('carries every success and info text of spec §8 verbatim', () => {
    const values: string[] = Object.values(SUCCESS_MESSAGES);
    for (const text of SPEC_SUCCESS_TEXTS) expect(values, text).toContain(text);
    expect(values).toHaveLength(SPEC_SUCCESS_TEXTS.length);
  });

  it('carries every validation text of spec §5 verbatim', () => {
    const values: string[] = Object.values(VALIDATION_MESSAGES);
    for (const text of SPEC_VALIDATION_TEXTS) expect(values, text).toContain(text);
    // The old sign-up form follows the spec's 'Please input your ...' pattern.
    for (const text of [
      VALIDATION_MESSAGES.firstNameRequired,
      VALIDATION_MESSAGES.lastNameRequired,
      VALIDATION_MESSAGES.organisationRequired,
      VALIDATION_MESSAGES.confirmPasswordRequired,
    ]) {
      expect(text).toMatch(/^Please input your .+!$/);
    }
  });

  it('carries the authentication screen texts verbatim', () => {
    const values: string[] = Object.values(AUTH_TEXTS);
    for (const text of SPEC_AUTH_TEXTS) expect(values, text).toContain(text);
    expect([AUTH_TEXTS.lockoutTitle, AUTH_TEXTS.lockoutMessage, AUTH_TEXTS.lockoutAdvice].join(' / ')).toBe(
      'Too many failed attempts / Your account has been temporarily locked / Please try again after 30 minutes or reset your password',
    );
  });

  it('keeps the spec typos that are part of the contract', () => {
    expect(ERROR_MESSAGES.invalidApi).toContain('verication');
    expect(ERROR_MESSAGES.projectReportFetchFailed).toContain('Occured');
    expect(VALIDATION_MESSAGES.languagesRequired).toContain('atleast');
    expect(VALIDATION_MESSAGES.newPasswordMismatch).toContain('doesnt');
  });

  it('agrees with the business limits the texts mention', () => {
    expect(AUTH_TEXTS.lockoutAdvice).toContain(`${ACCOUNT_LOCKOUT_MINUTES} minutes`);
    expect(SUCCESS_MESSAGES.contactReceived).toContain(`${SUPPORT_REPLY_HOURS} Hours`);
    expect(AUTH_TEXTS.privacyConsent).toContain(`${MIN_AGE_YEARS} years`);
  });

  it('has no duplicate texts within a group', () => {
    for (const group of [ERROR_MESSAGES, SUCCESS_MESSAGES, VALIDATION_MESSAGES, AUTH_TEXTS]) {
      const values = Object.values(group);
      expect(new Set(values).size).toBe(values.length);
    }
  });
});

describe('texts with a number', () => {
  it('format exactly as the spec writes them with N', () => {
    expect(formatAttemptsRemaining(3)).toBe('Attempts remaining : 3');
    expect(formatRedirectCountdown(30)).toBe('You will be redirected to home page in 30 seconds');
    expect(formatResendOtpCountdown(120)).toBe('Resend OTP in 120s');
    expect(formatUrlAdditionFailed(4)).toBe('4 Url addition failed');
  });

  it('starts the suggestions summary with the fixed text and carries both counts', () => {
    const text = formatSuggestionsProcessed(7, 2);
    expect(text.startsWith('Suggestions processed successfully')).toBe(true);
    expect(text).toContain('7');
    expect(text).toContain('2');
  });
});
