import type { TmEntry } from '@bhasha/contract';
import type { EditorFilter } from '../hooks/use-editor-filter';

/** True while an entry still belongs to the type and display filters it was listed under. */
export function matchesEditorFilter(
  entry: TmEntry,
  filter: Pick<EditorFilter, 'typeFilter' | 'displayFilter'>,
): boolean {
  const typeMatches =
    filter.typeFilter === 'all' ||
    (filter.typeFilter === 'newContent'
      ? entry.isNew && entry.translationType === 'NO_TRANSLATION_AVAILABLE'
      : entry.translationType === filter.typeFilter);
  const displayMatches = filter.displayFilter === 'all' || entry.displayType === filter.displayFilter;
  return typeMatches && displayMatches;
}
