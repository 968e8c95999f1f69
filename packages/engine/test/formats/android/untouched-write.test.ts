import { describe, expect, it } from 'vitest';
import { parseAndroidResources } from '../../../src/formats/android/read';
import { writeAndroidResources } from '../../../src/formats/android/write';
import { androidFiles, readFixture } from './fixtures';

describe('Android write with no translations', () => {
  it.each(androidFiles())('%s: the source, as the full write gives it', (path) => {
    const { bytes } = readFixture(path);
    const file = parseAndroidResources(bytes);
    const full = writeAndroidResources(file, { '\u0000no such key': 'x' }, { language: 'hi' });
    expect(writeAndroidResources(file, {}, { language: 'hi' })).toBe(full);
    expect(writeAndroidResources(file, new Map(), { language: 'hi' })).toBe(full);
    expect(full).toBe(file.source);
  });

  it('still leaves out every string when untranslated ones are omitted', () => {
    const source =
      '<resources>\n  <string name="a">A</string>\n  <string name="b">B</string>\n</resources>\n';
    expect(writeAndroidResources(source, {}, { language: 'hi', untranslated: 'omit' })).toBe(
      '<resources>\n</resources>\n',
    );
  });
});
