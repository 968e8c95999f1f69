/** Business limits of spec §2, §5 and §9. Units are in the names. */

/** How long a locked account stays locked (spec §9: 30 minutes). */
export const ACCOUNT_LOCKOUT_MINUTES = 30;

/** Failed sign-in attempts after which the account locks (spec §9: 5). */
export const LOGIN_ATTEMPT_LIMIT = 5;

/** Attempts left after `attempts` failures: LOGIN_ATTEMPT_LIMIT minus attempts, never below 0 (spec §2). */
export function getAttemptsRemaining(attempts: number): number {
  return Math.max(0, LOGIN_ATTEMPT_LIMIT - attempts);
}

/** Whether the sign-in panel shows 'Attempts remaining : N': attempts above 1 and not the limit (spec §2). */
export function shouldShowAttemptsRemaining(attempts: number): boolean {
  return attempts > 1 && attempts !== LOGIN_ATTEMPT_LIMIT;
}

/** Wait before an OTP can be resent (spec §4, §9: 120 seconds). */
export const OTP_RESEND_COOLDOWN_SECONDS = 120;

/** Countdown on /notification/{message} before it goes to / (spec §2, §9: 30 seconds). */
export const NOTIFICATION_REDIRECT_SECONDS = 30;

/** The forgot-password submit button stays disabled this long after each click (spec §2, §9: 5 seconds). */
export const FORGOT_PASSWORD_DISABLE_SECONDS = 5;

/** Minimum length of a registrant's trimmed name (spec §5, §9: 3). */
export const NAME_MIN_LENGTH = 3;

/** Length of a mobile number (spec §5, §9: 10 digits). */
export const PHONE_LENGTH = 10;

/** Mobile number pattern of spec §5: optional leading 0, a digit 6-9, then 9 digits (the length rule still applies). */
export const PHONE_PATTERN = /^0?[6-9]\d{9}$/;

/** Passwords may not contain whitespace (spec §5). */
export const PASSWORD_WHITESPACE_PATTERN = /\s/;

/** A URL that starts with this prefix gets URL_DEFAULT_SCHEME prepended (spec §5). */
export const URL_WWW_PREFIX = 'www.';

/** Scheme prepended to a URL typed as www.… (spec §5). */
export const URL_DEFAULT_SCHEME = 'https://';

/** Most target languages the older free-trial form accepts (spec §5, §9: 3). */
export const OLD_FORM_MAX_LANGUAGES = 3;

/** Target languages the current free-trial form sends: exactly one, as a one-item list (spec §5, §9). */
export const NEW_FORM_LANGUAGE_COUNT = 1;

/** Default page size of API translation data lists (spec §9: 10). */
export const API_DEFAULT_PAGE_SIZE = 10;

/** Default page number of API translation data lists; pages count from 1 (spec §9). */
export const API_DEFAULT_PAGE_NUMBER = 1;

/** The dynamic API data list shows a single page (spec §9: total 1). */
export const DYNAMIC_LIST_TOTAL_PAGES = 1;

/** The all-URL fetch loads this one page part (spec §9: pagePart 0). */
export const ALL_URL_PAGE_PART = 0;

/** Time-out of the manual-translation request call: 0 means none (spec §7, §9). */
export const MANUAL_TRANSLATION_REQUEST_TIMEOUT_MS = 0;

/** Years personal data is retained (spec §9 privacy policy: 3 years). */
export const POLICY_RETENTION_YEARS = 3;

/** Business days an opt-out may take (spec §9 privacy policy: up to 10). */
export const OPT_OUT_BUSINESS_DAYS = 10;

/** Minimum age to register (spec §2, §9: 18). */
export const MIN_AGE_YEARS = 18;

/** Support promises a reply within this many hours (spec §8, §9: 48). */
export const SUPPORT_REPLY_HOURS = 48;
