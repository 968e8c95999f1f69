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

/**
 * Where "next page" really is once saved rows have left the filter. Saving a "New Content
 * Available" row makes it Self Translated, so the server's page N+1 would now start `left` rows
 * further on and those rows would be skipped. Instead the same page is fetched again: the rows
 * still in the filter come first, and the first unseen row sits right after them.
 */
export function resolveNextPageLanding(
  rows: readonly TmEntry[],
  filter: Pick<EditorFilter, 'typeFilter' | 'displayFilter' | 'pageNumber'>,
): { pageNumber: number; index: number; refetchSamePage: boolean } {
  const left = rows.filter((row) => !matchesEditorFilter(row, filter)).length;
  if (left === 0) return { pageNumber: filter.pageNumber + 1, index: 0, refetchSamePage: false };
  return { pageNumber: filter.pageNumber, index: rows.length - left, refetchSamePage: true };
}
