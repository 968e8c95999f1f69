import { PHONE_PATTERN, URL_DEFAULT_SCHEME, URL_WWW_PREFIX } from '../constants/limits';

const EMAIL_SHAPE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+$/;

/**
 * The free-trial e-mail check of spec §5: a plain address whose domain has exactly two
 * dot-separated parts, none shorter than 2 characters (so the first part is never one
 * character), with no two consecutive dots anywhere.
 */
export function isValidRegistrationEmail(value: string): boolean {
  if (!EMAIL_SHAPE.test(value)) return false;
  if (value.includes('..')) return false;
  const [local = '', domain = ''] = value.split('@');
  if (!local || local.startsWith('.') || local.endsWith('.')) return false;
  const parts = domain.split('.');
  if (parts.length !== 2) return false;
  if (parts.some((part) => part.length < 2)) return false;
  return /^[A-Za-z]{2,}$/.test(parts[1] ?? '');
}

/** A URL typed as `www.…` gets `https://` prepended (spec §5). */
export function normaliseWebsiteUrl(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.toLowerCase().startsWith(URL_WWW_PREFIX) ? `${URL_DEFAULT_SCHEME}${trimmed}` : trimmed;
}

/** True for an absolute http(s) URL whose host has a dot (a public website address). */
export function isValidWebsiteUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname;
  return host.includes('.') && !host.startsWith('.') && !host.endsWith('.') && !host.includes('..');
}

/**
 * The website a URL names, for "does a project exist for it": the lower-case host without a
 * leading `www.` (https://www.Example.com/a and example.com are one website).
 */
export function getWebsiteHost(value: string): string | null {
  const url = normaliseWebsiteUrl(value);
  if (!isValidWebsiteUrl(url)) return null;
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

/** Spec §5 mobile number: optional leading 0, a digit 6-9, then 9 digits. */
export function isValidPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value);
}

/** The 10-digit national number of a valid mobile number (the optional leading 0 dropped). */
export function normalisePhoneNumber(value: string): string {
  return value.trim().replace(/^0(?=\d{10}$)/, '');
}
