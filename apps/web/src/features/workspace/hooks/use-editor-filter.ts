import { useCallback, useMemo } from 'react';
import {
  DISPLAY_TYPE_VALUES,
  SEARCH_IN_VALUES,
  type DisplayType,
  type EditorFilter as ContractEditorFilter,
  type TranslationFilterRequest,
} from '@bhasha/contract';
import { useSearchParams } from 'react-router';

/** The four filters of spec §9 as one choice; `newContent` is "New Content Available". */
export const TYPE_FILTER_VALUES = ['all', 'newContent', 'PBK', 'USER', 'MACHINE'] as const;
export type TypeFilter = (typeof TYPE_FILTER_VALUES)[number];
export type DisplayFilter = 'all' | DisplayType;
export type SearchIn = (typeof SEARCH_IN_VALUES)[number];

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 50;

export interface EditorFilter {
  typeFilter: TypeFilter;
  displayFilter: DisplayFilter;
  searchText: string;
  searchIn: SearchIn;
  url: string;
  pageNumber: number;
  pageSize: number;
  /**
   * Keyset paging (ADR 0018): the page right after / before a row, cursors the previous page's
   * answer gave. Set by moving one page at a time; a jump by page number clears them.
   */
  after?: string;
  before?: string;
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

const CURSOR = /^\d{1,15}$/;

/** At most one cursor, and only a well-formed one (a hand-edited address falls back to offsets). */
function cursorsOf(params: URLSearchParams): Pick<EditorFilter, 'after' | 'before'> {
  const after = params.get('after');
  if (after && CURSOR.test(after)) return { after };
  const before = params.get('before');
  if (before && CURSOR.test(before)) return { before };
  return {};
}

function readPageSize(value: string | null): number {
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** The request body of /translation/filter for a filter (without project and language). */
export function toFilterRequest(
  filter: EditorFilter,
): Omit<TranslationFilterRequest, 'projectId' | 'targetLang'> {
  return {
    pageNumber: filter.pageNumber,
    pageSize: filter.pageSize,
    ...(filter.after ? { after: filter.after } : filter.before ? { before: filter.before } : {}),
    searchIn: filter.searchIn,
    ...(filter.searchText ? { searchText: filter.searchText } : {}),
    ...(filter.url ? { url: filter.url } : {}),
    ...(filter.typeFilter === 'newContent' ? { newContent: true } : {}),
    ...(filter.typeFilter !== 'all' && filter.typeFilter !== 'newContent'
      ? { types: [filter.typeFilter] }
      : {}),
    ...(filter.displayFilter !== 'all' ? { displayTypes: [filter.displayFilter] } : {}),
  };
}

/** The filter alone, without paging: what "everything that matches" acts on (ADR 0030). */
export function toMatchingFilter(filter: EditorFilter): ContractEditorFilter {
  const {
    pageNumber: _page,
    pageSize: _size,
    after: _after,
    before: _before,
    ...matching
  } = toFilterRequest(filter);
  return matching;
}

/**
 * The editor's filter lives in the address (?type=&display=&q=&in=&url=&page=&size=&after=|before=) so a
 * reload, the back button or a shared link shows the same strings.
 */
export function useEditorFilter(): [EditorFilter, (change: Partial<EditorFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<EditorFilter>(
    () => ({
      typeFilter: pick(params.get('type'), TYPE_FILTER_VALUES, 'all'),
      displayFilter: pick<DisplayFilter>(params.get('display'), ['all', ...DISPLAY_TYPE_VALUES], 'all'),
      searchText: params.get('q') ?? '',
      searchIn: pick(params.get('in'), SEARCH_IN_VALUES, 'both'),
      url: params.get('url') ?? '',
      pageNumber: positiveInt(params.get('page'), 1),
      pageSize: readPageSize(params.get('size')),
      ...cursorsOf(params),
    }),
    [params],
  );

  const update = useCallback(
    (change: Partial<EditorFilter>) => {
      const next = { ...filter, ...change };
      // Any change but paging starts again on page 1; a page number alone is a jump (no cursor).
      if (!('pageNumber' in change)) next.pageNumber = 1;
      if (!('after' in change)) delete next.after;
      if (!('before' in change)) delete next.before;
      const entries: Array<[string, string, string]> = [
        ['type', next.typeFilter, 'all'],
        ['display', next.displayFilter, 'all'],
        ['q', next.searchText, ''],
        ['in', next.searchIn, 'both'],
        ['url', next.url, ''],
        ['page', String(next.pageNumber), '1'],
        ['size', String(next.pageSize), String(DEFAULT_PAGE_SIZE)],
        ['after', next.after ?? '', ''],
        ['before', next.before ?? '', ''],
      ];
      const search = new URLSearchParams();
      for (const [key, value, fallback] of entries) if (value !== fallback) search.set(key, value);
      setParams(search, { replace: true });
    },
    [filter, setParams],
  );

  return [filter, update];
}
