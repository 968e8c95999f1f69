import { z } from 'zod';
import {
  AUTH_MESSAGES,
  ORGANISATION_PLAN_VALUES,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants/auth';
import { isLanguageCode } from '../constants/languages';
import { NAME_MIN_LENGTH, PASSWORD_WHITESPACE_PATTERN } from '../constants/limits';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '../constants/messages';
import { ROLES, ROLE_VALUES } from '../constants/roles';
import {
  isValidPhoneNumber,
  isValidRegistrationEmail,
  isValidWebsiteUrl,
  normalisePhoneNumber,
  normaliseWebsiteUrl,
} from '../validation/auth-fields';
import { sessionUserSchema } from './session';

/*
 * Request and response schemas of spec §7 "Authentication", shared by the server (validation,
 * OpenAPI) and the dashboard (forms, types). Each field carries the spec's message (§5) where the
 * spec gives one; the first failing rule of a field is the one reported.
 */

const MAX_NAME = 100;
const MAX_EMAIL = 254;
const MAX_URL = 2048;
const MAX_TOKEN = 512;

/** A required text: trimmed, `required` when absent or empty. */
function requiredText(required: string, max = MAX_NAME) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: AUTH_MESSAGES.nameTooLong });
}

/** An e-mail id in general form (sign-in, sign-up, password reset): trimmed, lower-cased. */
function emailField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { error: required, abort: true })
    .max(MAX_EMAIL, { error: AUTH_MESSAGES.emailTooLong, abort: true })
    .regex(z.regexes.email, { error: VALIDATION_MESSAGES.emailInvalid });
}

/** The free-trial e-mail id with the domain-part rules of spec §5. */
const registrationEmailField = z
  .string({ error: VALIDATION_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: VALIDATION_MESSAGES.emailRequired, abort: true })
  .max(MAX_EMAIL, { error: AUTH_MESSAGES.emailTooLong, abort: true })
  .refine(isValidRegistrationEmail, { error: VALIDATION_MESSAGES.emailInvalid });

/** A password being chosen: required, no whitespace (spec §5), within the server's length limits. */
function newPasswordField(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required, abort: true })
    .refine((v) => !PASSWORD_WHITESPACE_PATTERN.test(v), {
      error: VALIDATION_MESSAGES.passwordWhitespace,
      abort: true,
    })
    .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });
}

/** Website URL of spec §5: `www.…` gets `https://`, then it must be an http(s) URL. */
const websiteUrlField = z
  .string({ error: VALIDATION_MESSAGES.urlInvalid })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.urlInvalid, abort: true })
  .max(MAX_URL, { error: AUTH_MESSAGES.urlTooLong, abort: true })
  .transform(normaliseWebsiteUrl)
  .refine(isValidWebsiteUrl, { error: VALIDATION_MESSAGES.urlInvalid });

/** Mobile number of spec §5, answered as its 10-digit national number. */
const phoneField = z
  .string({ error: VALIDATION_MESSAGES.phoneInvalid })
  .trim()
  .refine(isValidPhoneNumber, { error: VALIDATION_MESSAGES.phoneInvalid })
  .transform(normalisePhoneNumber);

const otpField = z
  .string({ error: AUTH_MESSAGES.otpRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.otpRequired, abort: true })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: AUTH_MESSAGES.otpFormat });

const authenticationCodeField = z
  .string({ error: AUTH_MESSAGES.authenticationCodeRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.authenticationCodeRequired, abort: true })
  .max(MAX_TOKEN, { error: AUTH_MESSAGES.registrationNotFound });

// ---------------------------------------------------------------- POST /api/auth (sign in)

/** POST /api/auth: sign in. `recaptchaValue` is accepted for the spec's client. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: VALIDATION_MESSAGES.signInEmailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: VALIDATION_MESSAGES.signInEmailRequired, abort: true })
    .max(MAX_EMAIL, { error: AUTH_MESSAGES.emailTooLong }),
  password: z
    .string({ error: VALIDATION_MESSAGES.passwordRequired })
    .min(1, { error: VALIDATION_MESSAGES.passwordRequired, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.invalidCredentials }),
  recaptchaValue: z.string().max(4096).nullish(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `data` of a successful sign-in. */
export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `data` of a failed sign-in (401): whether the account is locked, and the consecutive failures so
 * far. `readLoginFailureData` (`./auth-constants`) reads it without zod.
 */
export const loginFailureDataSchema = z.object({
  locked: z.boolean(),
  attempts: z.number().int().nonnegative(),
});
export type LoginFailureData = z.infer<typeof loginFailureDataSchema>;

// ---------------------------------------------------------------- POST /api/auth/new (old sign-up)

/** POST /api/auth/new: the older sign-up form (spec §2); creates an organisation and its unverified admin. */
export const signUpRequestSchema = z
  .object({
    firstName: requiredText(VALIDATION_MESSAGES.firstNameRequired),
    lastName: requiredText(VALIDATION_MESSAGES.lastNameRequired),
    email: emailField(VALIDATION_MESSAGES.signInEmailRequired),
    password: newPasswordField(VALIDATION_MESSAGES.passwordRequired),
    confirmPassword: z
      .string({ error: VALIDATION_MESSAGES.confirmPasswordRequired })
      .min(1, { error: VALIDATION_MESSAGES.confirmPasswordRequired }),
    organisation: requiredText(VALIDATION_MESSAGES.organisationRequired, 200),
    role: z
      .enum([ROLES.organisationAdmin], { error: AUTH_MESSAGES.roleNotAllowed })
      .default(ROLES.organisationAdmin),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: VALIDATION_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

// ---------------------------------------------------------------- e-mail verification link

/** POST /api/auth/verification and /api/auth/verifyEmailId: the uuid of the e-mailed link. */
export const emailVerificationRequestSchema = z.object({
  uuid: z
    .string({ error: AUTH_MESSAGES.verificationLinkInvalid })
    .trim()
    .min(1, { error: AUTH_MESSAGES.verificationLinkInvalid })
    .max(MAX_TOKEN, { error: AUTH_MESSAGES.verificationLinkInvalid }),
});
export type EmailVerificationRequest = z.input<typeof emailVerificationRequestSchema>;
/** `data` of a verification: an access token, the user is signed in. */
export const emailVerificationResponseSchema = z.string();

// ---------------------------------------------------------------- password reset

/** POST /api/auth/password-reset: always answers the same message (no account enumeration). */
export const passwordResetRequestSchema = z.object({
  email: emailField(VALIDATION_MESSAGES.signInEmailRequired),
});
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/**
 * POST /api/auth/update-password: the new password and the reset token of the e-mailed link
 * (the token may instead come in the authorization header). `confirmPassword`, when sent, must match.
 */
export const updatePasswordRequestSchema = z
  .object({
    password: newPasswordField(VALIDATION_MESSAGES.newPasswordRequired),
    confirmPassword: z.string().optional(),
    token: z.string().trim().max(MAX_TOKEN).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: VALIDATION_MESSAGES.newPasswordMismatch,
    path: ['confirmPassword'],
  });
export type UpdatePasswordRequest = z.input<typeof updatePasswordRequestSchema>;
/** `data` of a password update: a new session (older ones are revoked). */
export const updatePasswordResponseSchema = z.object({ token: z.string() });

// ---------------------------------------------------------------- free-trial registration

/** POST /api/auth/checkProjectExists: is there a project for this website already? */
export const checkProjectExistsRequestSchema = z.object({ url: websiteUrlField });
export type CheckProjectExistsRequest = z.input<typeof checkProjectExistsRequestSchema>;
export const checkProjectExistsResponseSchema = z.object({ exists: z.boolean() });

/** POST /api/auth/sendOtp: the free-trial form (spec §5); sends the mobile OTP. */
export const sendOtpRequestSchema = z.object({
  name: z
    .string({ error: VALIDATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.nameRequired, abort: true })
    .min(NAME_MIN_LENGTH, { error: VALIDATION_MESSAGES.nameTooShort, abort: true })
    .max(MAX_NAME, { error: AUTH_MESSAGES.nameTooLong }),
  url: websiteUrlField,
  email: registrationEmailField,
  password: newPasswordField(VALIDATION_MESSAGES.passwordRequired),
  languages: z
    .array(z.string(), { error: VALIDATION_MESSAGES.languagesRequired })
    .min(1, { error: VALIDATION_MESSAGES.languagesRequired, abort: true })
    .max(1, { error: AUTH_MESSAGES.onlyOneLanguage, abort: true })
    .refine((codes) => codes.every(isLanguageCode), { error: AUTH_MESSAGES.languageInvalid }),
  phone: phoneField,
});
export type SendOtpRequest = z.input<typeof sendOtpRequestSchema>;
/** `data` of sendOtp and resendOtp: the code that names the pending registration. */
export const authenticationCodeResponseSchema = z.object({ authenticationCode: z.string() });
export type AuthenticationCodeResponse = z.infer<typeof authenticationCodeResponseSchema>;

/** POST /api/auth/resendOtp: a new mobile OTP, once the 120 s cooldown is over. */
export const resendOtpRequestSchema = z.object({ authenticationCode: authenticationCodeField });
export type ResendOtpRequest = z.input<typeof resendOtpRequestSchema>;

/** POST /api/auth/verifyOtp: the mobile OTP. */
export const verifyOtpRequestSchema = z.object({
  otp: otpField,
  authenticationCode: authenticationCodeField,
});
export type VerifyOtpRequest = z.input<typeof verifyOtpRequestSchema>;

/** POST /api/auth/sendEmailOTP: sends the e-mail OTP; `data.token` is kept as verifyEmailToken. */
export const sendEmailOtpRequestSchema = z.object({ email: registrationEmailField });
export type SendEmailOtpRequest = z.input<typeof sendEmailOtpRequestSchema>;
export const sendEmailOtpResponseSchema = z.object({ token: z.string() });
export type SendEmailOtpResponse = z.infer<typeof sendEmailOtpResponseSchema>;

/** POST /api/auth/verifyEmailOTP: the e-mail OTP, bound to the registration it verifies. */
export const verifyEmailOtpRequestSchema = z.object({
  otp: otpField,
  verifyEmailToken: z
    .string({ error: AUTH_MESSAGES.verifyEmailTokenRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.verifyEmailTokenRequired, abort: true })
    .max(MAX_TOKEN, { error: AUTH_MESSAGES.verifyEmailTokenRequired }),
  authenticationCode: authenticationCodeField,
  email: registrationEmailField,
});
export type VerifyEmailOtpRequest = z.input<typeof verifyEmailOtpRequestSchema>;

/** `data` of a verified OTP. */
export const otpVerifiedResponseSchema = z.object({ verified: z.literal(true) });

/** POST /api/auth/onboard/free-org: creates the free organisation once both OTPs are verified. */
export const onboardFreeOrgRequestSchema = z.object({ authenticationCode: authenticationCodeField });
export type OnboardFreeOrgRequest = z.input<typeof onboardFreeOrgRequestSchema>;
export const onboardFreeOrgResponseSchema = z.object({
  token: z.string(),
  projectId: z.string(),
  role: z.enum(ROLE_VALUES),
});
export type OnboardFreeOrgResponse = z.infer<typeof onboardFreeOrgResponseSchema>;

// ---------------------------------------------------------------- organisations, contract

/**
 * POST /api/auth/newOrganisation (super admins): an organisation and its organisation admin.
 * Without a password the admin receives a link to choose one.
 */
export const newOrganisationRequestSchema = z.object({
  organisation: requiredText(AUTH_MESSAGES.organisationNameRequired, 200),
  name: requiredText(AUTH_MESSAGES.adminNameRequired),
  email: emailField(VALIDATION_MESSAGES.signInEmailRequired),
  password: newPasswordField(VALIDATION_MESSAGES.passwordRequired).optional(),
  phone: phoneField.optional(),
  plan: z.enum(ORGANISATION_PLAN_VALUES).default('paid'),
});
export type NewOrganisationRequest = z.input<typeof newOrganisationRequestSchema>;
export const newOrganisationResponseSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string(), plan: z.string() }),
  user: sessionUserSchema,
});
export type NewOrganisationResponse = z.infer<typeof newOrganisationResponseSchema>;

/**
 * POST /api/user/edit: contract acceptance (spec §7): the caller's own apikey (the full key or the
 * visible prefix the session carries) and `{contractAgreed: true}`.
 */
export const contractAgreementRequestSchema = z.object({
  apikey: z
    .string({ error: ERROR_MESSAGES.somethingWentWrong })
    .trim()
    .min(1, { error: ERROR_MESSAGES.somethingWentWrong })
    .max(MAX_TOKEN, { error: ERROR_MESSAGES.somethingWentWrong }),
  updateObj: z.object({ contractAgreed: z.literal(true) }, { error: ERROR_MESSAGES.somethingWentWrong }),
});
export type ContractAgreementRequest = z.input<typeof contractAgreementRequestSchema>;
export const contractAgreementResponseSchema = z.object({ user: sessionUserSchema });

/** `data` of calls that answer only a message. */
export const emptyResponseSchema = z.null();
