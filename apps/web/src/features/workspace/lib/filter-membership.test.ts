import { describe, expect, it } from 'vitest';
import { entry } from '../test/workspace-fixtures';
import { matchesEditorFilter, resolveNextPageLanding } from './filter-membership';

const saved = (index: number) => ({
  ...entry(index, `s${index}`),
  translationType: 'USER' as const,
  isNew: false,
});

describe('filter membership', () => {
  it('knows which rows still belong to the filter they were listed under', () => {
    const fresh = entry(1, 'Welcome');
    expect(matchesEditorFilter(fresh, { typeFilter: 'newContent', displayFilter: 'all' })).toBe(true);
    expect(matchesEditorFilter(saved(1), { typeFilter: 'newContent', displayFilter: 'all' })).toBe(false);
    expect(matchesEditorFilter(saved(1), { typeFilter: 'USER', displayFilter: 'translation' })).toBe(true);
    expect(matchesEditorFilter(saved(1), { typeFilter: 'all', displayFilter: 't13n' })).toBe(false);
  });

  it('goes to the next page when every row stayed, and refetches the same page when some left', () => {
    const rows = [entry(1, 'a'), entry(2, 'b'), entry(3, 'c')];
    expect(
      resolveNextPageLanding(rows, { typeFilter: 'newContent', displayFilter: 'all', pageNumber: 2 }),
    ).toEqual({
      pageNumber: 3,
      index: 0,
      refetchSamePage: false,
    });
    const afterSaving = [entry(1, 'a'), saved(2), saved(3)];
    expect(
      resolveNextPageLanding(afterSaving, { typeFilter: 'newContent', displayFilter: 'all', pageNumber: 2 }),
    ).toEqual({ pageNumber: 2, index: 1, refetchSamePage: true });
  });
});
