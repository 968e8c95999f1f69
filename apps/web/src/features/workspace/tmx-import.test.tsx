import { STORAGE_KEYS, type TmxImportState } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { entry, startWorkspaceServer } from './test/workspace-fixtures';

const IMPORT_ID = '00000000-0000-4000-b000-000000000001';

/**
 * The editor's workspace server, plus the TMX import calls: the upload answers a queued import,
 * and the status call walks it through running to completed, one step per poll.
 */
function startServerWithImport() {
  startWorkspaceServer([entry(1, 'Apply online', 'MACHINE', 'ऑनलाइन आवेदन करें')]);
  const workspace = globalThis.fetch;
  const uploads: FormData[] = [];
  const base = { importId: IMPORT_ID, targetLang: 'hi', total: 4, unchanged: 0, skipped: 0, error: null };
  const steps: TmxImportState[] = [
    { ...base, status: 'running', units: 2, applied: 1, addedToMemory: 1, createdAt: '', finishedAt: null },
    { ...base, status: 'completed', units: 4, applied: 1, addedToMemory: 3, createdAt: '', finishedAt: '' },
  ];
  let polls = 0;
  const answer = (data: unknown, message = '') =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, message, data }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/translation/tm/import/tmx') {
      uploads.push(init.body as FormData);
      return answer(
        {
          importId: IMPORT_ID,
          status: 'queued',
          units: 0,
          applied: 0,
          unchanged: 0,
          addedToMemory: 0,
          skipped: 0,
        },
        'TMX imported',
      );
    }
    if (path === '/api/translation/tm/import/tmx/status') {
      const state = steps[Math.min(polls, steps.length - 1)]!;
      polls += 1;
      return answer(state);
    }
    return workspace(input, init);
  });
  return { uploads, polls: () => polls };
}

describe('TMX import in the editor', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a TMX for the language and follows the import to its counts', async () => {
    const server = startServerWithImport();
    renderApp('/app/workspace/p1/hi');
    await screen.findByTestId('segment-grid', {}, { timeout: 20_000 });
    fireEvent.click(await screen.findByTestId('tmx-import-open'));
    const dialog = await screen.findByTestId('tmx-import');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['<tmx version="1.4"></tmx>'], 'memory.tmx', { type: 'application/x-tmx+xml' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(server.uploads).toHaveLength(1));
    const sent = server.uploads[0]!;
    expect(sent.get('projectId')).toBe('p1');
    expect(sent.get('targetLang')).toBe('hi');
    expect(sent.get('overwrite')).toBe('true');
    expect((sent.get('file') as File).name).toBe('memory.tmx');

    expect(await within(dialog).findByText('2 of 4 units imported', {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      await within(dialog).findByText(
        '1 translations applied, 0 kept, 3 added to the memory, 0 without both languages',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    // Polling stops once the import has ended.
    const polls = server.polls();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.polls()).toBe(polls);
  }, 60_000);
});
