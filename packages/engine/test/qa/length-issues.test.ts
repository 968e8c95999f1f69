import { describe, expect, it } from 'vitest';
import { lengthIssues, visibleLength } from '../../src/qa/length-issues';
import { translationIssues } from '../../src/qa/translation-issues';

describe('lengthIssues', () => {
  it('counts code points a reader sees, markers left out', () => {
    expect(visibleLength('<x1>सहेजें</x1> <x2/>')).toBe(7);
    expect(visibleLength('😀 ok')).toBe(4);
  });

  it('flags a text over the limit with both numbers, and nothing without a limit', () => {
    expect(lengthIssues('Speichern und schließen', 12)).toEqual([
      { code: 'TOO_LONG', message: '23 characters, the limit is 12', limit: 12, length: 23 },
    ]);
    expect(lengthIssues('Speichern', 12)).toEqual([]);
    expect(lengthIssues('Speichern und schließen', null)).toEqual([]);
    expect(lengthIssues('Speichern und schließen', undefined)).toEqual([]);
  });

  it('holds each plural form to the limit', () => {
    expect(lengthIssues('{count, plural, one {<x1/> Datei} other {<x1/> Dateien gefunden}}', 10)).toEqual([
      {
        code: 'TOO_LONG',
        message: '17 characters, the limit is 10 (other)',
        limit: 10,
        length: 17,
        category: 'other',
      },
    ]);
  });

  it('comes with the placeholder issues in translationIssues', () => {
    const issues = translationIssues({
      source: 'Save <x1/>',
      translation: 'Speichern und schließen',
      targetLanguage: 'de',
      maxLength: 12,
    });
    expect(issues.map((issue) => issue.code)).toEqual(['MISSING_PLACEHOLDER', 'TOO_LONG']);
  });
});
