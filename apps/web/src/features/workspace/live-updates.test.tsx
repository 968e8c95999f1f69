import { STORAGE_KEYS, TRANSLATION_EVENTS, type TranslationChangedEvent } from '@bhasha/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { entry, startWorkspaceServer } from './test/workspace-fixtures';

type Handler = (...args: unknown[]) => void;

/** A stand-in for the socket.io connection: the test plays the server's side of the room. */
const fakeSocket = vi.hoisted(() => {
  const handlers = new Map<string, Handler[]>();
  const emitted: Array<{ event: string; payload: unknown }> = [];
  return {
    handlers,
    emitted,
    on(event: string, handler: Handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
      emitted.push({ event, payload });
      ack?.({ success: true });
    },
    removeAllListeners() {
      handlers.clear();
    },
    disconnect() {},
    /** Delivers a server event to every listener the page registered. */
    receive(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
  };
});

vi.mock('../../lib/realtime/socket-client', () => ({ connectSocket: () => fakeSocket }));

const SEGMENTS = [entry(1, 'Welcome to the ministry'), entry(2, 'Contact us')];

describe('live updates in the editor', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => {
    vi.unstubAllGlobals();
    fakeSocket.handlers.clear();
    fakeSocket.emitted.length = 0;
  });

  it('shows a translation saved by someone else as it arrives, marked, and refreshes the counts', async () => {
    const server = startWorkspaceServer(SEGMENTS);
    renderApp('/app/workspace/p1/hi');
    const grid = await screen.findByTestId('segment-grid', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(grid).getAllByTestId('segment-row')).toHaveLength(2));
    await waitFor(() => expect(fakeSocket.handlers.has(TRANSLATION_EVENTS.translationChanged)).toBe(true));
    act(() => fakeSocket.receive('connect'));
    // The project room (the user's notification room is joined too, for run reports).
    expect(fakeSocket.emitted.map((emitted) => emitted.payload)).toContainEqual({ roomId: 'project:p1' });
    expect(await screen.findByText('Live')).toBeTruthy();
    const countCalls = server.callsTo('POST /api/translation/counts').length;

    const saved = {
      ...SEGMENTS[1]!,
      preProcessedTarget: 'संपर्क करें',
      translationType: 'USER' as const,
      isNew: false,
      version: 1,
      updatedBy: 'ravi@example.com',
    };
    const event: TranslationChangedEvent = {
      projectId: 'p1',
      targetLang: 'hi',
      entries: [saved],
      changedBy: 'someone-else',
    };
    act(() => fakeSocket.receive(TRANSLATION_EVENTS.translationChanged, event));

    const row = within(grid).getAllByTestId('segment-row')[1]!;
    await waitFor(() => expect(within(row).getByTestId('segment-target').textContent).toBe('संपर्क करें'));
    expect(within(row).getByTestId('translation-type-tag').textContent).toBe('Self');
    // The row says who changed it, and the counts are fetched again once the burst is over.
    expect(within(row).getByTestId('row-changed-remotely')).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('POST /api/translation/counts').length).toBeGreaterThan(countCalls),
    );

    // Another language's event, or an older version, changes nothing.
    act(() =>
      fakeSocket.receive(TRANSLATION_EVENTS.translationChanged, {
        ...event,
        entries: [{ ...saved, preProcessedTarget: 'पुराना', version: 0 }],
      }),
    );
    act(() =>
      fakeSocket.receive(TRANSLATION_EVENTS.translationChanged, {
        ...event,
        targetLang: 'mr',
        entries: [{ ...saved, preProcessedTarget: 'मराठी', version: 5 }],
      }),
    );
    expect(within(row).getByTestId('segment-target').textContent).toBe('संपर्क करें');
  }, 60_000);
});
