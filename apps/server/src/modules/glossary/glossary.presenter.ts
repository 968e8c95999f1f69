import type { GlossaryAction, GlossaryTerm } from '@bhasha/contract';
import type { GlossaryTermRow } from './glossary.repository';

export function presentGlossaryTerm(row: GlossaryTermRow): GlossaryTerm {
  return {
    id: row.id,
    term: row.term,
    action: row.action as GlossaryAction,
    translation: row.translation,
    targetLang: row.targetLang,
    caseSensitive: row.caseSensitive,
    createdAt: row.createdAt.toISOString(),
  };
}
