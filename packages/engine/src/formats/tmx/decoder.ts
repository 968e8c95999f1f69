import { TmxError } from './types';

export type Decoder = InstanceType<typeof TextDecoder>;

/**
 * Picks the text decoding of a TMX file from its first bytes, as XML 1.0 Appendix F does: a byte
 * order mark, else the byte pattern of `<?xml` in UTF-16, else the `encoding` of the XML declaration
 * (ASCII-compatible), else UTF-8. The decoder is streaming: chunks may split characters.
 */
export function tmxDecoderFor(head: Uint8Array): Decoder {
  const [b0, b1, b2] = head;
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decoder('utf-8');
  if (b0 === 0xff && b1 === 0xfe) return decoder('utf-16le');
  if (b0 === 0xfe && b1 === 0xff) return decoder('utf-16be');
  if (b0 === 0x3c && b1 === 0x00) return decoder('utf-16le');
  if (b0 === 0x00 && b1 === 0x3c) return decoder('utf-16be');
  const declaration = new TextDecoder('latin1').decode(head.subarray(0, 200));
  const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(declaration)?.[1];
  return decoder(declared?.toLowerCase() ?? 'utf-8');
}

function decoder(label: string): Decoder {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    throw new TmxError(`The file declares an encoding Bhasha cannot read: ${label}`);
  }
}
