import { QueryClient } from '@tanstack/react-query';
import type { TmListResponse } from '@bhasha/contract';
import { describe, expect, it } from 'vitest';
import { entry } from '../test/workspace-fixtures';
import { mergeEntriesIntoCache, workspaceKeys } from './translation-queries';

describe('mergeEntriesIntoCache', () => {
  it('updates the row in every cached page of the language and never goes back to an older version', () => {
    const client = new QueryClient();
    const first = entry(1, 'Welcome');
    const pageA = workspaceKeys.entryPage('p1', 'hi', { pageNumber: 1 });
    const pageB = workspaceKeys.entryPage('p1', 'hi', { pageNumber: 1, searchText: 'wel' });
    const otherLanguage = workspaceKeys.entryPage('p1', 'mr', { pageNumber: 1 });
    for (const key of [pageA, pageB, otherLanguage])
      client.setQueryData<TmListResponse>(key, {
        tm: [first],
        total: 1,
        startCursor: '1',
        endCursor: '1',
        hasPrevious: false,
        hasNext: false,
      });

    const v2 = { ...first, preProcessedTarget: 'स्वागत', translationType: 'USER' as const, version: 2 };
    mergeEntriesIntoCache(client, 'p1', 'hi', [v2]);
    expect(client.getQueryData<TmListResponse>(pageA)!.tm[0]).toEqual(v2);
    expect(client.getQueryData<TmListResponse>(pageB)!.tm[0]).toEqual(v2);
    expect(client.getQueryData<TmListResponse>(otherLanguage)!.tm[0]).toEqual(first);

    // A late event carrying version 1 does not overwrite version 2.
    mergeEntriesIntoCache(client, 'p1', 'hi', [{ ...first, preProcessedTarget: 'पुराना', version: 1 }]);
    expect(client.getQueryData<TmListResponse>(pageA)!.tm[0]!.preProcessedTarget).toBe('स्वागत');
  });
});
