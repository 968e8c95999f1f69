import { normaliseSourceText } from './normalise-text';
import { sha256Hex } from './sha256';

/**
 * The translation-memory key of a source text: SHA-256 hex of its normalised form (NFC, whitespace
 * collapsed, trimmed). Pure JavaScript, so the server and the snippet agree byte for byte
 * (docs/adr/0003-source-hash.md).
 */
export function sourceHash(text: string): string {
  return sha256Hex(normaliseSourceText(text));
}
