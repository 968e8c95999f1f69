import { describe, expect, it } from 'vitest';
import { pairBesideTranslations } from '../../../src/formats/ios-strings/beside-translations';
import { parseStrings } from '../../../src/formats/ios-strings/read';
import { parseStringsdict } from '../../../src/formats/stringsdict/read';
import { readIosFixture } from '../ios/fixtures';

const strings = (name: string) => parseStrings(readIosFixture(name), name);

describe('translations beside the source file', () => {
  it('pairs Firefox Focus hi-IN with en, keeping the source markers', () => {
    const source = strings('FirefoxFocus/en.lproj/Localizable.strings');
    const hindi = strings('FirefoxFocus/hi-IN.lproj/Localizable.strings');
    const pairs = pairBesideTranslations(source.units, hindi.units);
    const known = new Set(source.units.map((unit) => unit.id));
    expect(pairs.length).toBeGreaterThan(100);
    expect(pairs.every((pair) => known.has(pair.unitId))).toBe(true);
    const mission = pairs.find((pair) => pair.unitId === 'About.missionLabel')!;
    expect(mission.placeholders).toEqual([{ id: 1, code: '%@' }]);
    expect(mission.text).toContain('<x1/>');
    expect(mission.sameAsSource).toBe(false);
  });

  it('marks entries filled with the English text (Open Food Facts mr)', () => {
    const source = strings('OpenFoodFacts/en.lproj/Localizable.strings');
    const marathi = strings('OpenFoodFacts/mr.lproj/Localizable.strings');
    const pairs = pairBesideTranslations(source.units, marathi.units);
    expect(pairs.filter((pair) => pair.sameAsSource).length).toBeGreaterThan(200);
    expect(pairs.filter((pair) => !pair.sameAsSource).length).toBeGreaterThan(10);
  });

  it('pairs the Urdu stringsdict of Element X form by form', () => {
    const source = parseStringsdict(readIosFixture('ElementX/en.lproj/Localizable.stringsdict'), 'en');
    const urdu = parseStringsdict(readIosFixture('ElementX/ur.lproj/Localizable.stringsdict'), 'ur');
    const pairs = pairBesideTranslations(source.units, urdu.units);
    expect(pairs.length).toBe(urdu.units.filter((unit) => unit.text !== '').length);
  });
});
