import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryEntryKey } from '../../src/modules/translation-memory/memory-entry-key';

/** The key as migration 0023 defines it: the digest's first 16 hex digits as a signed 64-bit integer. */
function keyFromHex(
  organisationId: string,
  sourceLang: string,
  targetLang: string,
  sourceHash: string,
): bigint {
  const hex = createHash('sha256')
    .update(`${organisationId}/${sourceLang}/${targetLang}/${sourceHash}`)
    .digest('hex');
  return BigInt.asIntN(64, BigInt(`0x${hex.slice(0, 16)}`));
}

describe('memoryEntryKey', () => {
  it('is the digest’s first 64 bits as a signed integer, of either sign, for any text', () => {
    const organisationId = '6f1c2a3b-1111-4222-8333-944455556666';
    let negative = 0;
    for (let i = 0; i < 2_000; i += 1) {
      const sourceHash =
        i % 3 === 0 ? `not hex ${i} क्या 😀` : createHash('sha256').update(String(i)).digest('hex');
      const key = memoryEntryKey(organisationId, 'en', i % 2 ? 'hi' : 'pt-BR', sourceHash);
      expect(key).toBe(keyFromHex(organisationId, 'en', i % 2 ? 'hi' : 'pt-BR', sourceHash));
      if (key < 0n) negative += 1;
    }
    // Both halves of the range were met (the sign bit read right).
    expect(negative).toBeGreaterThan(800);
    expect(negative).toBeLessThan(1_200);
  });
});
