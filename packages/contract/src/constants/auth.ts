import { ACCOUNT_LOCKOUT_MINUTES } from './limits';

/**
 * Limits and texts of the authentication calls that the spec leaves to the server (spec §7 "The
 * server's behaviour behind each call is not shown"). The spec's own texts stay in messages.ts.
 */

/** Digits of a one-time password sent by SMS or e-mail. */
export const OTP_LENGTH = 6;

/** Minutes an OTP stays valid after it is sent. */
export const OTP_TTL_MINUTES = 10;

/** Wrong tries after which an OTP is invalidated and a new one must be requested. */
export const OTP_MAX_ATTEMPTS = 5;

/** Shortest password the server accepts for a new account or a password change. */
export const PASSWORD_MIN_LENGTH = 8;

/** Longest password the server accepts (hashing cost stays bounded). */
export const PASSWORD_MAX_LENGTH = 128;

/** Prefix of the API keys given to users: recognisable, so secret scanners can match a leaked key. */
export const APIKEY_PREFIX = 'bhk_';

/** Prefix of keys issued before the current one; such keys keep working until regenerated. */
export const APIKEY_LEGACY_PREFIX = 'bk_';

/** Random characters after the prefix kept visible (stored and shown) to recognise a key. */
export const APIKEY_VISIBLE_CHARS = 8;

/** Plans an organisation can be on; self-registered organisations start on the free plan. */
export const ORGANISATION_PLANS = { free: 'free', paid: 'paid' } as const;
/** A plan key. */
export type OrganisationPlan = (typeof ORGANISATION_PLANS)[keyof typeof ORGANISATION_PLANS];
/** Every plan key. */
export const ORGANISATION_PLAN_VALUES = Object.values(ORGANISATION_PLANS) as [
  OrganisationPlan,
  ...OrganisationPlan[],
];

/** Texts the authentication calls answer with, beyond the spec's fixed ones. */
export const AUTH_MESSAGES = {
  loggedIn: 'Logged in successfully',
  invalidCredentials: 'Invalid email or password',
  accountLocked: `Too many failed attempts. Your account has been temporarily locked. Please try again after ${ACCOUNT_LOCKOUT_MINUTES} minutes or reset your password.`,
  emailNotVerified: 'Please verify your email id first. We have sent a verification link to your email.',
  accountInactive: 'Your account is inactive. Please contact your administrator.',
  emailAlreadyRegistered: 'This email id is already registered. Please sign in.',
  emailVerified: 'Your email id has been verified.',
  verificationLinkInvalid: 'This verification link is invalid or has expired.',
  passwordResetSent: 'If an account exists for this email id, a password reset link has been sent to it.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Your password has been updated.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  signedOut: 'You have been signed out.',
  mobileOtpResent: 'A new OTP has been sent to your mobile number.',
  emailOtpSent: 'An OTP has been sent to your email id.',
  mobileVerified: 'Your mobile number has been verified.',
  emailOtpVerified: 'Your email id is verified.',
  mobileAlreadyVerified: 'Your mobile number is already verified.',
  emailAlreadyVerified: 'Your email id is already verified.',
  otpRequired: 'Please enter the OTP',
  otpFormat: `The OTP has ${OTP_LENGTH} digits.`,
  otpExpired: 'This OTP has expired. Please request a new OTP.',
  otpUsed: 'This OTP has already been used.',
  otpReplaced: 'A newer OTP has been sent. Please enter the latest OTP.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpSendLimit: 'Too many OTP requests. Please try again later.',
  smsDeliveryFailed: 'We could not send the OTP to your mobile number. Please try again in a moment.',
  emailDeliveryFailed: 'We could not send the email. Please try again in a moment.',
  authenticationCodeRequired: 'Your registration was not found. Please send the OTP again.',
  registrationNotFound: 'Your registration was not found or has expired. Please register again.',
  registrationCompleted: 'This registration has already been completed. Please sign in.',
  otpsNotVerified: 'Please verify the OTPs sent to your mobile and email first.',
  emailMismatch: 'This email id does not match the one you are registering with.',
  verifyEmailTokenRequired: 'Please request the email OTP again.',
  projectExists:
    'A project for this website already exists. Please sign in or contact your organisation admin.',
  projectFound: 'A project for this website already exists.',
  projectNotFound: 'No project exists for this website yet.',
  onboarded: 'Your free trial is ready.',
  onlyOneLanguage: 'The free trial includes one target language. Please select only one.',
  languageInvalid: 'Please select a valid language',
  roleNotAllowed: 'This role cannot be chosen at sign-up.',
  nameTooLong: 'Please enter at most 100 characters.',
  emailTooLong: 'Please enter an email id of at most 254 characters.',
  urlTooLong: 'Please enter a URL of at most 2048 characters.',
  contractAgreed: 'Thank you for accepting the terms and conditions.',
  organisationCreated: 'Organisation created successfully.',
  organisationNameRequired: 'Please input the organisation name!',
  adminNameRequired: "Please input the admin's name!",
} as const;
/** Key of an authentication text. */
export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

/** 'Invalid OTP. N attempts left.' after a wrong OTP. */
export function formatOtpInvalid(attemptsLeft: number): string {
  return `Invalid OTP. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left.`;
}

/** The wait before another OTP may be sent, in whole seconds. */
export function formatOtpCooldown(seconds: number): string {
  return `Please wait ${seconds} seconds before requesting a new OTP.`;
}
