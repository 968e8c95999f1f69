import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { APIKEY_LEGACY_PREFIX, APIKEY_PREFIX, APIKEY_VISIBLE_CHARS, OTP_LENGTH } from '@bhasha/contract';

/** A random token for links and codes the client holds: 256 bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a high-entropy token, as stored: a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A numeric one-time password from the cryptographic generator, zero-padded. */
export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/** A user's API key: the recognisable prefix and 192 random bits. */
export function generateApiKey(): string {
  return `${APIKEY_PREFIX}${randomBytes(24).toString('base64url')}`;
}

/** Whether a string has the shape of an API key, current or legacy (skips a lookup otherwise). */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(APIKEY_PREFIX) || value.startsWith(APIKEY_LEGACY_PREFIX);
}

/** What is stored of an API key: its SHA-256 (the key is high-entropy, so no salt or stretching). */
export function hashApiKey(apikey: string): string {
  return hashToken(apikey);
}

/** The part of an API key kept visible to recognise it: the prefix and a few random characters. */
export function apiKeyVisiblePrefix(apikey: string): string {
  const prefix = apikey.startsWith(APIKEY_PREFIX) ? APIKEY_PREFIX : APIKEY_LEGACY_PREFIX;
  return apikey.slice(0, prefix.length + APIKEY_VISIBLE_CHARS);
}

/**
 * Hashes low-entropy codes (OTPs) with a key derived from the server secret, so a copy of the
 * database alone cannot be brute-forced offline.
 */
export function createCodeHasher(serverSecret: Uint8Array) {
  const key = createHmac('sha256', serverSecret).update('bhasha:otp:v1').digest();
  const hash = (code: string) => createHmac('sha256', key).update(code, 'utf8').digest('hex');
  return {
    hash,
    matches(code: string, storedHash: string): boolean {
      const a = Buffer.from(hash(code), 'hex');
      const b = Buffer.from(storedHash, 'hex');
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

export type CodeHasher = ReturnType<typeof createCodeHasher>;
