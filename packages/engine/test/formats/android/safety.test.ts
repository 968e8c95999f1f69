import { describe, expect, it } from 'vitest';
import { parseAndroidResources } from '../../../src/formats/android/read';
import { AndroidResourceError } from '../../../src/formats/android/types';
import { fixtureText } from './fixtures';

const NAME = 'res/values-hi/strings.xml';

function errorOf(
  source: string | Uint8Array,
  limits?: { maxBytes: number; maxDepth: number },
): AndroidResourceError {
  try {
    parseAndroidResources(source, limits ? { fileName: NAME, limits } : { fileName: NAME });
  } catch (error) {
    if (error instanceof AndroidResourceError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('Android resources: hostile and broken files', () => {
  it('refuses entity declarations (XXE, billion laughs) before expanding anything', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE resources [',
      '  <!ENTITY lol "lol">',
      '  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
      ']>',
      '<resources><string name="a">&lol2;</string></resources>',
    ].join('\n');
    const error = errorOf(laughs);
    expect(error.message).toBe(
      `${NAME}, line 2: Document type and entity declarations are not accepted in resource files`,
    );
    expect(errorOf('<!DOCTYPE r SYSTEM "file:///etc/passwd"><resources/>').line).toBe(1);
    expect(errorOf('<resources><string name="a">&xxe;</string></resources>').message).toMatch(
      /&xxe; .*not a reference/,
    );
  });

  it('names the line of broken XML in a real file', () => {
    const lines = fixtureText('Tusky/res/values-hi/strings.xml').split('\n');
    const at = lines.findIndex((line) => line.includes('<string name='));
    lines[at] = lines[at]!.replace('</string>', '</strin>');
    expect(errorOf(lines.join('\n'))).toMatchObject({ line: at + 1, fileName: NAME });
    expect(errorOf(lines.join('\n')).message).toMatch(
      new RegExp(`^${NAME}, line ${at + 1}: </strin> found where </string> was expected`),
    );
  });

  it('refuses oversize input, deep nesting, invalid UTF-8, a bare ampersand and a second root', () => {
    expect(errorOf('<resources/>', { maxBytes: 5, maxDepth: 32 }).message).toMatch(/larger than 5 bytes/);
    expect(errorOf(`<resources>${'<b>'.repeat(40)}${'</b>'.repeat(40)}</resources>`).message).toMatch(
      /deeper than 32/,
    );
    expect(errorOf(new Uint8Array([0x3c, 0xff, 0x3e])).message).toMatch(/not valid UTF-8/);
    expect(errorOf('<resources>\n<string name="a">Tom & Jerry</string></resources>').line).toBe(2);
    expect(errorOf('<resources/><resources/>').message).toMatch(/one root element/);
    expect(errorOf('<manifest/>').message).toMatch(/root element of a resource file is <resources>/);
  });

  it('refuses a name defined twice and a plural item without quantity', () => {
    expect(
      errorOf('<resources>\n<string name="a">x</string>\n<string name="a">y</string></resources>').line,
    ).toBe(3);
    expect(errorOf('<resources><plurals name="p"><item>x</item></plurals></resources>').message).toMatch(
      /needs a quantity/,
    );
  });
});
