/**
 * Fixed texts of spec §2, §5 and §8, copied verbatim: spelling, capitalisation and punctuation
 * (including 'atleast', 'verication', 'Occured', 'doesnt') are part of the contract.
 */

/** Fixed error texts of spec §8. */
export const ERROR_MESSAGES = {
  generic: 'Some error occurred. Please try again',
  projectDeletionFailed: 'Project deletion request failed',
  projectUpdationFailed: 'Project updation request failed',
  projectReportFetchFailed: 'Some Error Occured while fetching project report',
  urlAddToScopeFailed: 'Url add to scope failed',
  scopeToggleFailed: 'Scope toggle failed',
  trackUrlToggleFailed: 'Track Url toggle failed',
  updateFailed: "Couldn't update",
  invalidApi: 'INVALID API: Api verication failed',
  tmRevisionCreateFailed: 'Unable to create TM Revision',
  tmRevisionFetchFailed: 'Unable to fetch TM Revision',
  suggestionRejectFailed: 'Unable to reject suggestion',
  suggestionAcceptFailed: 'Some error occured while accepting suggestion please update again!!.',
  userTranslationUpdateFailed: 'Error:User Translation update failed',
  revertFailed: 'Error while reverting',
  wordCountFetchFailed: 'Error while fetching the word count',
  apiListFetchFailed: 'Some error occured while fetching api list',
  invalidPaymentRequest: 'Invalid Request.!',
  statsFetchFailed: 'Error encountered while fetching stats',
  webhookCallFailed: 'Error in webhook call',
  fileUpdationFailed: 'File Updation Failed',
  /** Spec §8: agreeing to the contract without an apikey. */
  somethingWentWrong: 'Something went wrong',
  /** Spec §5 describes this toast without quoting it; wording ours. */
  noNewContent: 'No new content available for translation',
} as const;
/** Key of a fixed error text. */
export type ErrorMessageKey = keyof typeof ERROR_MESSAGES;

/** 'N Url addition failed' (spec §8), for N URLs that could not be added to the scope. */
export function formatUrlAdditionFailed(count: number): string {
  return `${count} Url addition failed`;
}

/** Fixed success and info texts of spec §7 and §8. */
export const SUCCESS_MESSAGES = {
  wordCountScheduled: 'Wordcount will be updated shortly. Please check back after some time',
  crawlAccepted: 'crawling request has been accepted',
  cacheCleared: 'Cache cleared successfully',
  projectDeleteRequested: 'Project delete request sent, Project will be deleted in a moment',
  contactReceived: 'Thank you for Contacting us. We will get back to you within 48 Hours',
  transactionDismissed: 'Transaction dismissed by user!!.',
  suggestionsProcessed: 'Suggestions processed successfully',
  otpSent: 'Kindly verify the OTPs received on your mobile and email.',
  verificationEmailSent: 'Verification email has been sent to the registered email id',
} as const;
/** Key of a fixed success text. */
export type SuccessMessageKey = keyof typeof SUCCESS_MESSAGES;

/** 'Suggestions processed successfully' followed by the counts of updated and no-action suggestions (spec §8). */
export function formatSuggestionsProcessed(updated: number, noAction: number): string {
  return `${SUCCESS_MESSAGES.suggestionsProcessed}. Updated: ${updated}, No action: ${noAction}`;
}

/** Validation and warning texts of spec §5. */
export const VALIDATION_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameMinLength: 'Minimum 3 characters',
  nameTooShort: 'Name should be atleast 3 letters long',
  urlInvalid: 'Please enter valid URL',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Please input your password!',
  passwordWhitespace: 'Password must not contain whitespace characters.',
  passwordMismatch: 'The two passwords that you entered do not match!',
  languagesRequired: 'Please select atleast one language',
  languagesTooMany: 'You can only select up to three options.',
  phoneInvalid: 'Please enter valid Number',
  newPasswordRequired: 'Please enter both New Password and Confirm Password to update your password.',
  newPasswordMismatch: 'confirm password doesnt match',
  signInEmailRequired: 'Please input your email!',
  /** Old sign-up form: the spec gives only the pattern 'Please input your ...'. */
  firstNameRequired: 'Please input your first name!',
  /** Old sign-up form, same pattern. */
  lastNameRequired: 'Please input your last name!',
  /** Old sign-up form, same pattern. */
  organisationRequired: 'Please input your organisation!',
  /** Old sign-up form, same pattern. */
  confirmPasswordRequired: 'Please input your confirm password!',
  uploadFormatInvalid: 'Please upload a correct format',
  noStringsToReplace: 'No Strings found to replace!',
} as const;
/** Key of a validation text. */
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Fixed texts of the public and authentication screens (spec §1, §2, §4). */
export const AUTH_TEXTS = {
  lockoutTitle: 'Too many failed attempts',
  lockoutMessage: 'Your account has been temporarily locked',
  lockoutAdvice: 'Please try again after 30 minutes or reset your password',
  verifyingEmail: "Please wait don't refresh your page, while we are verifying your email Id.....",
  loading: 'Loading...',
  registerForFree: 'REGISTER FOR FREE',
  logIn: 'Log In',
  submit: 'Submit',
  otpVerified: 'Verified',
  newPasswordPrompt: 'Please enter new password',
  updatePassword: 'Update Password',
  whitelistEmailService: 'Whitelist Email Service',
  termsTitle: 'Terms & Conditions',
  termsConsent: 'I agree to the terms and conditions',
  agree: 'Agree',
  privacyConsent: 'I am above 18 years of age and have read and accepted Privacy Policy',
} as const;
/** Key of an authentication screen text. */
export type AuthTextKey = keyof typeof AUTH_TEXTS;

/** The banner's three lines (spec §1 paraphrases them; capitalised as headings). */
export const BANNER_TEXTS = [
  'Accelerate website and mobile localisation',
  'Launch a multilingual website faster with minimal developer involvement',
  'Translate and manage translated content in one place',
] as const;

/** 'Attempts remaining : N' under the sign-in form (spec §2). */
export function formatAttemptsRemaining(remaining: number): string {
  return `Attempts remaining : ${remaining}`;
}

/** 'You will be redirected to home page in N seconds' on the notification page (spec §2). */
export function formatRedirectCountdown(seconds: number): string {
  return `You will be redirected to home page in ${seconds} seconds`;
}

/** 'Resend OTP in Ns' while the OTP resend cooldown runs (spec §4). */
export function formatResendOtpCountdown(seconds: number): string {
  return `Resend OTP in ${seconds}s`;
}
