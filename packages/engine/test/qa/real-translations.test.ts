import { describe, expect, it } from 'vitest';
import { readResourceFile } from '../../src/formats/resource-files/read';
import { translationIssues } from '../../src/qa/translation-issues';
import { join } from 'node:path';
import { ANDROID_FIXTURES, readFixture } from '../formats/android/fixtures';

const unitsOf = (path: string) => {
  const { bytes, name } = readFixture(join(ANDROID_FIXTURES, path));
  return readResourceFile(name, bytes).units;
};

/*
 * NewPipe's own translations, read through the resource-file facade as an upload's beside
 * translations are: the check must stay quiet on strings translators got right (plurals with
 * each language's categories, `%1$s` and inline tags moved about) and speak where one is wrong.
 */
describe('translationIssues on NewPipe’s translated strings.xml files', () => {
  const source = unitsOf('NewPipe/res/values/strings.xml');

  it.each(['ur', 'ta', 'bn', 'mr'])('finds nothing wrong in values-%s', (language) => {
    const translated = new Map(
      unitsOf(`NewPipe/res/values-${language}/strings.xml`).map((unit) => [unit.id, unit]),
    );
    let compared = 0;
    let plurals = 0;
    for (const unit of source) {
      const translation = translated.get(unit.id);
      if (!translation) continue;
      compared += 1;
      if (unit.plural) plurals += 1;
      const issues = translationIssues({
        source: unit.text,
        translation: translation.text,
        targetLanguage: language,
      });
      expect(issues, unit.key).toEqual([]);
    }
    expect(compared).toBeGreaterThan(200);
    expect(plurals).toBeGreaterThan(0);
  });

  it('finds the link the Hindi translation of sign_in_confirm_not_bot_error dropped, and only that', () => {
    const translated = new Map(unitsOf('NewPipe/res/values-hi/strings.xml').map((unit) => [unit.id, unit]));
    const flagged = source.flatMap((unit) => {
      const translation = translated.get(unit.id);
      if (!translation) return [];
      const issues = translationIssues({
        source: unit.text,
        translation: translation.text,
        targetLanguage: 'hi',
      });
      return issues.map((issue) => ({ key: unit.key, code: issue.code, marker: issue.marker }));
    });
    // The English has `Please see <a href="…">this FAQ entry</a> for more information.`; the Hindi ends before it.
    expect(flagged).toEqual([
      { key: 'sign_in_confirm_not_bot_error', code: 'MISSING_PLACEHOLDER', marker: '<x3>…</x3>' },
    ]);
  });
});
