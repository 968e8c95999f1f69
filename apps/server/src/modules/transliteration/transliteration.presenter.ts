import type { TransliterationPairRow } from './transliteration-pairs.repository';

export function presentTransliterationPair(row: TransliterationPairRow) {
  return {
    id: row.id,
    source: row.source,
    target: row.target,
    targetLang: row.targetLang,
    createdAt: row.createdAt.toISOString(),
  };
}
