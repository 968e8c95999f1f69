import { describe, expect, it } from 'vitest';
import { entry } from '../test/workspace-fixtures';
import { matchesEditorFilter } from './filter-membership';

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
});
