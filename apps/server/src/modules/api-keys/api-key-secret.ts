import { randomInt } from 'node:crypto';
import { ORGANISATION_API_KEY_PREFIX, ORGANISATION_API_KEY_VISIBLE_LENGTH } from '@bhasha/contract';
import { hashToken } from '../../lib/secrets';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 30 base62 characters: about 178 random bits. */
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const KEY_LENGTH = ORGANISATION_API_KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;
const KEY_SHAPE = new RegExp(
  `^${ORGANISATION_API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`,
);

const CRC32_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (IEEE 802.3, as zlib computes it) of an ASCII string. */
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i += 1) {
    crc = (CRC32_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A number in base62, left-padded with zeros to `width` characters (2^32 fits in 6). */
function toBase62(value: number, width: number): string {
  let text = '';
  let rest = value;
  while (rest > 0) {
    text = BASE62[rest % 62] + text;
    rest = Math.floor(rest / 62);
  }
  return text.padStart(width, '0');
}

function checksumOf(random: string): string {
  return toBase62(crc32(random), CHECKSUM_LENGTH);
}

/**
 * A new organisation API key: `bhk_live_` + 30 random base62 characters + a 6-character
 * checksum of them, the shape of GitHub's tokens (scanners match the prefix and verify the
 * checksum offline, so look-alike strings raise no alarm).
 */
export function generateOrganisationApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i += 1) random += BASE62[randomInt(0, 62)];
  return `${ORGANISATION_API_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** True for a string with the organisation key prefix (it then never falls back to a user key). */
export function hasOrganisationApiKeyPrefix(value: string): boolean {
  return value.startsWith(ORGANISATION_API_KEY_PREFIX);
}

/** True when the key has the right shape and its checksum matches (checked before any look-up). */
export function isWellFormedOrganisationApiKey(value: string): boolean {
  if (value.length !== KEY_LENGTH || !KEY_SHAPE.test(value)) return false;
  const body = value.slice(ORGANISATION_API_KEY_PREFIX.length);
  return checksumOf(body.slice(0, RANDOM_LENGTH)) === body.slice(RANDOM_LENGTH);
}

/** What is stored of a key: its SHA-256 (high-entropy, so neither salt nor stretching is needed). */
export function hashOrganisationApiKey(key: string): string {
  return hashToken(key);
}

/** The visible start of a key, stored and shown to recognise it. */
export function organisationApiKeyPrefix(key: string): string {
  return key.slice(0, ORGANISATION_API_KEY_VISIBLE_LENGTH);
}
