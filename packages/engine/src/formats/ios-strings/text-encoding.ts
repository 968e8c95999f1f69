import { IosFormatError, lineAt } from './types';

/** How a text file's bytes were written; the writer uses the same. */
export interface TextEncodingInfo {
  readonly name: 'utf-8' | 'utf-16le' | 'utf-16be';
  readonly bom: boolean;
}

// One decoder per encoding, reused: building one costs a quarter of decoding a 150 kB file, and a
// decoder keeps no state between whole-input `decode` calls.
const STRICT_DECODERS = {
  'utf-8': new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }),
  'utf-16le': new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }),
  'utf-16be': new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true }),
} as const;
const UTF8_ENCODER = new TextEncoder();

/**
 * Decodes a text file the way Xcode reads `.strings`: a byte-order mark decides (UTF-8, UTF-16LE,
 * UTF-16BE); without one, a zero byte in the first code unit means UTF-16, anything else is UTF-8.
 */
export function decodeText(bytes: Uint8Array, file: string): { text: string; encoding: TextEncodingInfo } {
  const encoding = detectEncoding(bytes);
  const body = bytes.subarray(encoding.bom ? (encoding.name === 'utf-8' ? 3 : 2) : 0);
  if (encoding.name !== 'utf-8' && body.length % 2 !== 0)
    throw new IosFormatError(file, 1, 'the file is UTF-16 but has an odd number of bytes');
  try {
    return { text: STRICT_DECODERS[encoding.name].decode(body), encoding };
  } catch {
    const lenient = new TextDecoder(encoding.name, { ignoreBOM: true }).decode(body);
    const line = lineAt(lenient, lenient.indexOf('\uFFFD'));
    throw new IosFormatError(file, line, `the text is not valid ${encoding.name.toUpperCase()}`);
  }
}

function detectEncoding(bytes: Uint8Array): TextEncodingInfo {
  const [first, second, third] = bytes;
  if (first === 0xef && second === 0xbb && third === 0xbf) return { name: 'utf-8', bom: true };
  if (first === 0xff && second === 0xfe) return { name: 'utf-16le', bom: true };
  if (first === 0xfe && second === 0xff) return { name: 'utf-16be', bom: true };
  if (bytes.length >= 2 && first !== 0 && second === 0) return { name: 'utf-16le', bom: false };
  if (bytes.length >= 2 && first === 0 && second !== 0) return { name: 'utf-16be', bom: false };
  return { name: 'utf-8', bom: false };
}

/** Encodes a text back in the encoding (and with the byte-order mark) it came in. */
export function encodeText(text: string, encoding: TextEncodingInfo): Uint8Array {
  if (encoding.name === 'utf-8') {
    const body = UTF8_ENCODER.encode(text);
    if (!encoding.bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  const offset = encoding.bom ? 2 : 0;
  const out = new Uint8Array(offset + text.length * 2);
  const view = new DataView(out.buffer);
  const littleEndian = encoding.name === 'utf-16le';
  if (encoding.bom) view.setUint16(0, 0xfeff, littleEndian);
  for (let index = 0; index < text.length; index += 1)
    view.setUint16(offset + index * 2, text.charCodeAt(index), littleEndian);
  return out;
}
