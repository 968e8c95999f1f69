import { useCallback, useEffect, useRef, useState } from 'react';
import type { TmEntry } from '@bhasha/contract';
import { resolveMove } from '../lib/grid-navigation';
import type { EditorFilter } from './use-editor-filter';
import type { DraftState, SaveRequest } from './use-segment-drafts';

interface EditingState {
  sourceHash: string;
  text: string;
  baseVersion: number;
}

/** Where the current page sits in the list, as the server answered it (ADR 0018). */
export interface PagePosition {
  startCursor: string | null;
  endCursor: string | null;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Which page is asked for: a number (a jump) and at most one keyset cursor. */
type PageTarget = Pick<EditorFilter, 'pageNumber' | 'after' | 'before'>;

const samePage = (a: PageTarget, b: PageTarget) =>
  a.pageNumber === b.pageNumber && a.after === b.after && a.before === b.before;

/** A row to activate once another page has arrived. */
interface Landing {
  target: PageTarget;
  index: number | 'last';
  edit: boolean;
}

interface EditorSessionInput {
  rows: readonly TmEntry[];
  position: PagePosition;
  filter: EditorFilter;
  setFilter: (change: Partial<EditorFilter>) => void;
  /** The page's data is current (not the previous page shown while loading). */
  isPageSettled: boolean;
  drafts: ReadonlyMap<string, DraftState>;
  save: (request: SaveRequest) => Promise<void>;
}

/**
 * The editor's cursor: which row is active, which one is being edited with what text, and how
 * moves cross page boundaries. Saving goes through `save` (background, see useSegmentDrafts).
 *
 * Moving one page on (PageDown, editing past the last row) asks for the rows right after the
 * page's last row, and one page back for the rows right before its first row (keyset, ADR 0018).
 * Rows saved on this page that leave the filter ("New Content Available" → Self Translated) can
 * therefore never shift the next page: no row is skipped and none comes twice.
 */
export function useEditorSession(input: EditorSessionInput) {
  const { rows, position, filter, setFilter, isPageSettled, drafts, save } = input;
  const [activeIndex, setActiveIndex] = useState(0);
  const [editing, setEditing] = useState<EditingState | null>(null);
  const [landing, setLanding] = useState<Landing | null>(null);
  // A new filter (type, display type, search, URL, page size) lists other rows: the cursor goes
  // back to the top instead of staying on whatever index it had, and an open editor closes.
  const filterKey = JSON.stringify([
    filter.typeFilter,
    filter.displayFilter,
    filter.searchText,
    filter.searchIn,
    filter.url,
    filter.pageSize,
  ]);
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    setActiveIndex(0);
    setEditing(null);
    setLanding(null);
  }
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  });

  const startEdit = useCallback(
    (index: number) => {
      const entry = rowsRef.current[index];
      if (!entry) return;
      setActiveIndex(index);
      setEditing({
        sourceHash: entry.sourceHash,
        text: drafts.get(entry.sourceHash)?.text ?? entry.preProcessedTarget,
        baseVersion: entry.version,
      });
    },
    [drafts],
  );

  const goToPage = useCallback(
    (target: PageTarget, index: number | 'last', edit: boolean) => {
      setEditing(null);
      setLanding({ target, index, edit });
      if (!samePage(target, filter)) setFilter(target);
    },
    [filter, setFilter],
  );

  /** The page after / before this one, by the cursor of its last / first row. */
  const nextPage = useCallback(
    (): PageTarget | null =>
      position.hasNext && position.endCursor
        ? { pageNumber: filter.pageNumber + 1, after: position.endCursor }
        : null,
    [filter.pageNumber, position.endCursor, position.hasNext],
  );
  const previousPage = useCallback(
    (): PageTarget | null =>
      position.hasPrevious && position.startCursor
        ? { pageNumber: Math.max(1, filter.pageNumber - 1), before: position.startCursor }
        : null,
    [filter.pageNumber, position.hasPrevious, position.startCursor],
  );

  const move = useCallback(
    (delta: number, edit: boolean) => {
      const target = resolveMove(activeIndex, delta, rowsRef.current.length);
      const next = target.kind === 'nextPage' ? nextPage() : null;
      const previous = target.kind === 'previousPage' ? previousPage() : null;
      if (target.kind === 'row') {
        setActiveIndex(target.index);
        if (edit) startEdit(target.index);
        else setEditing(null);
      } else if (next) {
        goToPage(next, 0, edit);
      } else if (previous) {
        goToPage(previous, 'last', edit);
      } else {
        // At either end of the whole list: stop editing, stay on the row.
        setEditing(null);
      }
    },
    [activeIndex, goToPage, nextPage, previousPage, startEdit],
  );

  const saveAndMove = useCallback(
    (delta: number) => {
      if (editing) {
        const entry = rowsRef.current.find((row) => row.sourceHash === editing.sourceHash);
        const draft = drafts.get(editing.sourceHash);
        const isChanged = entry && (editing.text !== entry.preProcessedTarget || draft?.status === 'failed');
        if (entry && isChanged) {
          void save({ entry, text: editing.text, baseVersion: editing.baseVersion });
          move(delta, true);
          return;
        }
      }
      move(delta, true);
    },
    [drafts, editing, move, save],
  );

  /** PageDown / PageUp: one page on or back by cursor, the cursor on the page's first row. */
  const changePage = useCallback(
    (delta: number) => {
      const target = delta > 0 ? nextPage() : previousPage();
      if (target) goToPage(target, 0, false);
    },
    [goToPage, nextPage, previousPage],
  );

  // Land on the awaited row once its page has arrived.
  useEffect(() => {
    if (!landing || !isPageSettled || !samePage(landing.target, filter)) return;
    setLanding(null);
    const count = rows.length;
    if (count === 0) {
      // Every earlier row left the filter: start again from the top.
      if (landing.target.before) setFilter({ pageNumber: 1 });
      return;
    }
    // Reading backwards reached the start: it is page 1, whatever number it was given.
    if (landing.target.before && !position.hasPrevious && filter.pageNumber !== 1)
      setFilter({ pageNumber: 1, before: landing.target.before });
    const index = landing.index === 'last' ? count - 1 : Math.min(landing.index, count - 1);
    if (landing.edit) startEdit(index);
    else setActiveIndex(index);
  }, [landing, isPageSettled, filter, position.hasPrevious, rows.length, setFilter, startEdit]);

  // Keep the cursor on the page when the page shrinks.
  const clampedIndex = rows.length === 0 ? 0 : Math.min(activeIndex, rows.length - 1);

  return {
    activeIndex: clampedIndex,
    setActiveIndex,
    editing,
    setEditingText: (text: string) => setEditing((current) => (current ? { ...current, text } : current)),
    startEdit,
    cancelEdit: () => setEditing(null),
    move,
    saveAndMove,
    changePage,
    isLanding: landing !== null,
  };
}
