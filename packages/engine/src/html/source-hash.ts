import { normaliseSourceText } from './normalise-text';
import { sha256Hex } from './sha256';

/** The one-shot digest of `node:crypto` (Node 20.12+): UTF-8 of the string, as lowercase hex. */
type NativeHash = (algorithm: 'sha256', data: string, outputEncoding: 'hex') => string;

// On Node, the native SHA-256 (the same digest of the same UTF-8 bytes, lone surrogates included
// as U+FFFD, several times faster); in browsers (the snippet) the portable one. Reached through
// `process.getBuiltinModule` rather than an import, so bundlers never pull `node:crypto` in.
const nativeHash = (
  (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.(
    'node:crypto',
  ) as { hash?: NativeHash } | undefined
)?.hash;

/** SHA-256 hex of a string's UTF-8 encoding: native on Node, `sha256Hex` elsewhere. */
const digestHex: (text: string) => string =
  typeof nativeHash === 'function' ? (text) => nativeHash('sha256', text, 'hex') : sha256Hex;

/** Whether `sourceHash` runs on the native digest here (Node) rather than the portable one. */
export const isNativeDigest = typeof nativeHash === 'function';

/**
 * The translation-memory key of a source text: SHA-256 hex of its normalised form (NFC, whitespace
 * collapsed, trimmed). The server and the snippet agree byte for byte: one definition, computed by
 * `node:crypto` on Node and by the portable `sha256Hex` in browsers (docs/adr/0003-source-hash.md).
 */
export function sourceHash(text: string): string {
  return digestHex(normaliseSourceText(text));
}
