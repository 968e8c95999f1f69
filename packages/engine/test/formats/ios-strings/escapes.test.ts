import { describe, expect, it } from 'vitest';
import { decodeStringsEscapes, encodeStringsEscapes } from '../../../src/formats/ios-strings/escapes';

describe('.strings escapes', () => {
  it('decodes every escape Apple documents', () => {
    expect(decodeStringsEscapes('a\\"b\\\'c\\\\d\\ne\\tf\\rg\\U0041\\u00e9\\101\\z')).toBe(
      'a"b\'c\\d\ne\tf\rgAéAz',
    );
  });

  it('gives back any text after encoding, control characters included', () => {
    const text = 'say "hi"\\ \n\t\r\u0001\u007f end';
    expect(decodeStringsEscapes(encodeStringsEscapes(text, false))).toBe(text);
    expect(encodeStringsEscapes(text, false)).toBe('say \\"hi\\"\\\\ \\n\\t\\r\\U0001\\U007F end');
    expect(encodeStringsEscapes('a\nb', true)).toBe('a\nb');
  });
});
