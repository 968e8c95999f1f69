import type { MtGlossaryTerm } from '@bhasha/mt';
import type { GlossaryTermRow } from '../glossary/glossary.repository';
import {
  isTransliterationLanguage,
  transliterateSegment,
  transliterationSource,
} from '../transliteration/transliterate-segment';

/**
 * The mask terms of a run as the engine adapters take them: kept terms as they are, translated
 * terms with their fixed rendering, transliterated terms written in the target script (the
 * uploaded rendering wins over the built-in engine). A language-specific term wins over the same
 * term for every language; the longest terms come first so they mask before their parts.
 */
export function buildRunGlossary(
  rows: readonly GlossaryTermRow[],
  languages: { sourceLang: string; targetLang: string },
): MtGlossaryTerm[] {
  const byTerm = new Map<string, GlossaryTermRow>();
  for (const row of rows) {
    const existing = byTerm.get(row.term);
    if (!existing || existing.targetLang === '*') byTerm.set(row.term, row);
  }
  const canTransliterate = isTransliterationLanguage(languages.targetLang);
  const from = transliterationSource(languages.sourceLang);
  return [...byTerm.values()]
    .map((row): MtGlossaryTerm => {
      const base = { source: row.term, caseSensitive: row.caseSensitive };
      if (row.action === 'translate' && row.translation) return { ...base, target: row.translation };
      if (row.action === 'transliterate') {
        if (row.translation) return { ...base, target: row.translation };
        if (canTransliterate)
          return {
            ...base,
            target: transliterateSegment(row.term, {
              to: languages.targetLang,
              ...(from ? { from } : {}),
              customPairs: new Map(),
            }),
          };
      }
      return base;
    })
    .sort((a, b) => b.source.length - a.source.length);
}
