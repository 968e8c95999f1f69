import { describe, expect, it } from 'vitest';
import { TextStore } from '../../src/tm/text-store';

describe('TextStore', () => {
  it('gives back every text, Latin-1 at one byte a unit and others at two, across many pages', () => {
    const store = new TextStore();
    const texts: string[] = [];
    const handles: number[] = [];
    // ~9 MB of one-byte text and ~4 MB of two-byte text: several pages of each kind.
    for (let i = 0; i < 6000; i += 1) {
      const text =
        i % 3 === 2 ? `नमस्ते दुनिया ${i} `.repeat(1 + (i % 40)) : `café number ${i} ÿ `.repeat(1 + (i % 200));
      texts.push(text);
      handles.push(store.append(text));
    }
    texts.forEach((text, i) => expect(store.read(handles[i]!, text.length)).toBe(text));
    let bytes = 0;
    texts.forEach((text, i) => (bytes += store.bytesOf(handles[i]!, text.length)));
    expect(store.textBytes).toBe(bytes);
    expect(bytes).toBeLessThan(texts.reduce((sum, text) => sum + text.length * 2, 0));
    expect(store.allocatedBytes).toBeGreaterThanOrEqual(bytes);
  });

  it('keeps a text whole inside one page, whatever its length up to a page', () => {
    const store = new TextStore();
    const long = 'x'.repeat(1 << 20);
    const first = store.append(long);
    const second = store.append(long);
    const third = store.append(long); // does not fit in the first page's rest
    expect(store.offsetOf(third)).toBe(0);
    for (const handle of [first, second, third]) expect(store.read(handle, long.length)).toBe(long);
    expect(() => store.append('y'.repeat((1 << 21) + 1))).toThrow(RangeError);
  });
});
