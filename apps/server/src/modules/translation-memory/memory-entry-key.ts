import { hash } from 'node:crypto';

/**
 * A memory entry's key (`memory_entries.entry_key`): the first 64 bits of SHA-256 over
 * "organisation/source lang/target lang/source hash", as a signed bigint. The same as the
 * database's `bhasha_memory_key` (migration 0023), which the keepTm trigger and the exact lookup
 * use; a test holds the two equal. Computed here for a TMX import so the server, whose index work
 * bounds the import, does not hash a million rows.
 */
export function memoryEntryKey(
  organisationId: string,
  sourceLang: string,
  targetLang: string,
  sourceHash: string,
): bigint {
  // The one-shot digest as hex, its first 16 digits read as a signed 64-bit integer: 0.55 µs a key
  // against 1.6-1.9 µs for createHash().update().digest() (measured here, Node 20).
  const hex = hash('sha256', `${organisationId}/${sourceLang}/${targetLang}/${sourceHash}`, 'hex');
  return BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`));
}
