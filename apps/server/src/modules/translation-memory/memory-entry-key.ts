import { createHash } from 'node:crypto';

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
  return createHash('sha256')
    .update(`${organisationId}/${sourceLang}/${targetLang}/${sourceHash}`)
    .digest()
    .readBigInt64BE(0);
}
