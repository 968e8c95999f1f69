import { describe, expect, it } from 'vitest';
import { checkAaptStringRules } from '../../../src/formats/android/aapt-rules';

function rules(body: string): string[] {
  return checkAaptStringRules(
    `<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">\n${body}\n</resources>`,
  ).map((issue) => `${issue.line}:${issue.key}:${issue.rule}`);
}

describe('aapt2 string rules', () => {
  it('accepts escaped or quoted apostrophes, \\u escapes, positional formats and references', () => {
    expect(
      rules(
        [
          `<string name="a">Couldn\\'t find it</string>`,
          `<string name="b">"Don't stop"</string>`,
          `<string name="c">About \\u0026 FAQ</string>`,
          `<string name="d">%1$s and %2$d, 100%%</string>`,
          `<string name="e">@string/other</string>`,
          `<string name="f" formatted="false">%s of %s, 100%</string>`,
          `<string name="g">50% off</string>`,
          `<plurals name="h"><item quantity="other"><xliff:g id="n">%d</xliff:g> items</item></plurals>`,
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('flags what aapt2 and the build refuse, with line and key', () => {
    expect(
      rules(
        [
          `<string name="a">Couldn't find it</string>`,
          `<string name="b">Bad \\u00G1 escape</string>`,
          `<string name="c">Delete filter \\'%1$s\\'?"</string>`,
          `<string name="d">%s of %s</string>`,
          `<string-array name="e"><item>%1$s is 50% done</item></string-array>`,
        ].join('\n'),
      ),
    ).toEqual([
      '2:a:apostrophe',
      '3:b:unicode-escape',
      '4:c:unbalanced-quotes',
      '5:d:non-positional',
      '6:e:format-specifier',
    ]);
  });
});
