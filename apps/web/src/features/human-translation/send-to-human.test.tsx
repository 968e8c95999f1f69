import { STORAGE_KEYS } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { abilitiesFor } from '../../test/signed-in';
import { entry, startWorkspaceServer } from '../workspace/test/workspace-fixtures';

const SEGMENTS = [
  entry(1, 'Apply online', 'MACHINE', 'ऑनलाइन आवेदन करें'),
  entry(2, 'Apply for a licence'),
  entry(3, 'Contact us', 'USER', 'संपर्क करें'),
];

/**
 * The editor's fake server, plus the abilities of an organisation admin with human translation
 * and the order call: a dry run answers the quote, a real one the order.
 */
function startServer() {
  const workspace = startWorkspaceServer(SEGMENTS);
  const workspaceFetch = globalThis.fetch;
  const orders: unknown[] = [];
  const json = (data: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify({ success: true, message: '', data }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/user/abilities')
      return json({ abilities: abilitiesFor(['dashboard', 'projects', 'workspace', 'humanTranslation']) });
    if (path === '/api/manual-translation/request') {
      const body = JSON.parse(init.body as string) as { sourceHashes: string[]; dryRun: boolean };
      orders.push(body);
      const quote = {
        segmentCount: body.sourceHashes.length,
        wordCount: 6,
        totalWordCount: 6,
        targetLanguages: ['hi'],
      };
      return json({ request: body.dryRun ? null : { id: 'r1' }, quote });
    }
    return workspaceFetch(input, init);
  });
  return { workspace, orders };
}

describe('send to human translation', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('confirms with the server’s count of strings, words and languages, then sends the order', async () => {
    const { orders } = startServer();
    renderApp('/app/workspace/p1/hi');
    const grid = await screen.findByTestId('segment-grid', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(grid).getAllByTestId('segment-row').length).toBe(3));
    grid.focus();
    fireEvent.keyDown(grid, { key: ' ' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    const bar = await screen.findByTestId('bulk-actions');
    const send = within(bar).getByTestId('send-to-human');
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));

    fireEvent.click(send);
    const summary = await screen.findByTestId('send-to-human-summary');
    expect(summary.textContent).toBe('2 strings, 6 words, in Hindi');
    expect(orders[0]).toEqual({
      projectId: 'p1',
      targetLanguages: ['hi'],
      sourceHashes: ['h1', 'h2'],
      dryRun: true,
    });

    fireEvent.change(screen.getByLabelText('Note for the translators (optional)'), {
      target: { value: 'Formal tone' },
    });
    fireEvent.click(screen.getByTestId('send-to-human-confirm'));
    expect(await screen.findByText('Request sent')).toBeTruthy();
    expect(orders[1]).toEqual({
      projectId: 'p1',
      targetLanguages: ['hi'],
      sourceHashes: ['h1', 'h2'],
      note: 'Formal tone',
      dryRun: false,
    });
    // The selection is done with.
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
  }, 90_000);
});
