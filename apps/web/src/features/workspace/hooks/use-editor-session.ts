import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TmEntry } from '@bhasha/contract';
import { workspaceKeys } from '../api/translation-queries';
import { resolveMove } from '../lib/grid-navigation';
import { resolveNextPageLanding } from '../lib/filter-membership';
import type { EditorFilter } from './use-editor-filter';
import type { DraftState, SaveRequest } from './use-segment-drafts';

interface EditingState {
  sourceHash: string;
  text: string;
  baseVersion: number;
}

/** A row to activate once another page (or the same page, fetched again) has arrived. */
interface Landing {
  pageNumber: number;
  index: number | 'last';
  edit: boolean;
  /** Only data fetched after this moment counts (the same page fetched again). */
  notBefore: number;
}

interface EditorSessionInput {
  projectId: string;
  targetLang: string;
  rows: readonly TmEntry[];
  total: number;
  filter: EditorFilter;
  setFilter: (change: Partial<EditorFilter>) => void;
  /** The page's data is current (not the previous page shown while loading). */
  isPageSettled: boolean;
  dataUpdatedAt: number;
  drafts: ReadonlyMap<string, DraftState>;
  save: (request: SaveRequest) => Promise<void>;
}

/**
 * The editor's cursor: which row is active, which one is being edited with what text, and how
 * moves cross page boundaries. Saving goes through `save` (background, see useSegmentDrafts).
 */
export function useEditorSession(input: EditorSessionInput) {
  const {
    projectId,
    targetLang,
    rows,
    total,
    filter,
    setFilter,
    isPageSettled,
    dataUpdatedAt,
    drafts,
    save,
  } = input;
  const queryClient = useQueryClient();
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
  const pendingSaves = useRef(new Set<Promise<void>>());
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
    (pageNumber: number, index: number | 'last', edit: boolean, refetchAfter?: Promise<void>) => {
      setEditing(null);
      setLanding({ pageNumber, index, edit, notBefore: refetchAfter ? Date.now() : 0 });
      if (refetchAfter) {
        // The page is fetched again only once the save is stored, or the saved row would still be listed.
        void refetchAfter.finally(() =>
          queryClient.invalidateQueries({ queryKey: workspaceKeys.entries(projectId, targetLang) }),
        );
      }
      if (pageNumber !== filter.pageNumber) setFilter({ pageNumber });
    },
    [filter.pageNumber, projectId, queryClient, setFilter, targetLang],
  );

  const move = useCallback(
    (delta: number, edit: boolean, saving?: { sourceHash: string; done: Promise<void> }) => {
      const target = resolveMove(activeIndex, delta, rowsRef.current.length);
      const hasLaterPages = filter.pageNumber * filter.pageSize < total;
      if (target.kind === 'row') {
        setActiveIndex(target.index);
        if (edit) startEdit(target.index);
        else setEditing(null);
      } else if (target.kind === 'nextPage' && hasLaterPages) {
        // Rows saved (or being saved) by this editor are USER translations now, whatever the cache says yet.
        const savingHashes = [...drafts]
          .filter(([, draft]) => draft.status === 'saving')
          .map(([hash]) => hash);
        const pendingHashes = new Set([...savingHashes, ...(saving ? [saving.sourceHash] : [])]);
        const asSaved = rowsRef.current.map((row) =>
          pendingHashes.has(row.sourceHash)
            ? { ...row, translationType: 'USER' as const, isNew: false }
            : row,
        );
        const next = resolveNextPageLanding(asSaved, filter);
        const settled = Promise.all([saving?.done, ...pendingSaves.current]).then(() => undefined);
        goToPage(next.pageNumber, next.index, edit, next.refetchSamePage ? settled : undefined);
      } else if (target.kind === 'previousPage' && filter.pageNumber > 1) {
        goToPage(filter.pageNumber - 1, 'last', edit);
      } else {
        // At either end of the whole list: stop editing, stay on the row.
        setEditing(null);
      }
    },
    [activeIndex, drafts, filter, goToPage, startEdit, total],
  );

  const saveAndMove = useCallback(
    (delta: number) => {
      if (editing) {
        const entry = rowsRef.current.find((row) => row.sourceHash === editing.sourceHash);
        const draft = drafts.get(editing.sourceHash);
        const isChanged = entry && (editing.text !== entry.preProcessedTarget || draft?.status === 'failed');
        if (entry && isChanged) {
          const done = save({ entry, text: editing.text, baseVersion: editing.baseVersion });
          pendingSaves.current.add(done);
          void done.finally(() => pendingSaves.current.delete(done));
          move(delta, true, { sourceHash: entry.sourceHash, done });
          return;
        }
      }
      move(delta, true);
    },
    [drafts, editing, move, save],
  );

  const changePage = useCallback(
    (delta: number) => {
      const pageCount = Math.max(1, Math.ceil(total / filter.pageSize));
      const pageNumber = Math.min(pageCount, Math.max(1, filter.pageNumber + delta));
      if (pageNumber !== filter.pageNumber) goToPage(pageNumber, 0, false);
    },
    [filter.pageNumber, filter.pageSize, goToPage, total],
  );

  // Land on the awaited row once its page has arrived.
  useEffect(() => {
    if (!landing || !isPageSettled || filter.pageNumber !== landing.pageNumber) return;
    if (dataUpdatedAt < landing.notBefore) return;
    setLanding(null);
    const count = rows.length;
    if (count === 0) return;
    const index = landing.index === 'last' ? count - 1 : Math.min(landing.index, count - 1);
    if (landing.edit) startEdit(index);
    else setActiveIndex(index);
  }, [landing, isPageSettled, dataUpdatedAt, filter.pageNumber, rows.length, startEdit]);

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
