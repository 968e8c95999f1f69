import type { ManualRequest } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { ORGANISATION_ADMIN, abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const DESK = {
  ...ORGANISATION_ADMIN,
  id: 'dm1',
  name: 'Desk',
  email: 'desk@example.in',
  role: 'deliveryManager',
  organisationId: null,
};

function order(id: string, projectName: string, overrides: Partial<ManualRequest> = {}): ManualRequest {
  return {
    id,
    organisationName: 'Asha Media',
    projectId: `p-${id}`,
    projectName,
    targetLanguages: ['hi', 'ta'],
    segmentCount: 12,
    wordCount: 150,
    totalWordCount: 300,
    status: 'pendingManualTranslation',
    note: null,
    rejectionReason: null,
    requestedBy: 'Asha Admin',
    createdAt: '2026-11-20T10:00:00.000Z',
    statusChangedAt: null,
    actions: ['approve', 'reject'],
    ...overrides,
  };
}

/** A desk's view: a small server that lists orders, searches them and applies approve. */
function startServer(initial: ManualRequest[]) {
  const orders = new Map(initial.map((o) => [o.id, o]));
  return installFakeServer({
    ...signedInRoutes(abilitiesFor(['dashboard', 'humanTranslation']), DESK),
    'GET /api/manual-translation/request/1/10': () => {
      const requests = [...orders.values()];
      return ok({ requests, total: requests.length });
    },
    'POST /api/prabandhak/approve': (body) => {
      const { requestId } = body as { requestId: string };
      const approved = {
        ...orders.get(requestId)!,
        status: 'processingManualTranslation' as const,
        actions: ['revert' as const],
      };
      orders.set(requestId, approved);
      return ok({ request: approved }, 'Request approved for human translation');
    },
  });
}

describe('human translation page', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the orders with status tags and the actions the server allows, and approves one', async () => {
    const server = startServer([
      order('r1', 'Ministry site'),
      order('r2', 'Tourism portal', {
        status: 'rejectedManualTranslation',
        actions: ['revert'],
        projectId: null,
      }),
    ]);
    renderApp('/app/human-translation');
    const table = await screen.findByTestId('requests-table', {}, { timeout: 20_000 });
    expect(await within(table).findByText('Ministry site')).toBeTruthy();
    expect(screen.getByTestId('request-status-r1').textContent).toBe('Pending');
    expect(screen.getByTestId('request-status-r2').textContent).toBe('Rejected');
    expect(within(table).getByText(/deleted project/)).toBeTruthy();
    expect(within(table).getAllByText('300')).toHaveLength(2);
    expect(screen.queryByTestId('request-delete-r1')).toBeNull();
    expect(screen.getByTestId('request-revert-r2')).toBeTruthy();

    fireEvent.click(screen.getByTestId('request-approve-r1'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('POST /api/prabandhak/approve')).toHaveLength(1));
    expect(server.callsTo('POST /api/prabandhak/approve')[0]!.body).toEqual({ requestId: 'r1' });
    await waitFor(() => expect(screen.getByTestId('request-status-r1').textContent).toBe('In translation'));
    expect(screen.getByTestId('request-revert-r1')).toBeTruthy();
  }, 60_000);

  it('shows an empty state that says where orders come from, and searches on the server', async () => {
    const server = startServer([]);
    renderApp('/app/human-translation');
    expect(
      await screen.findByText('No human translation requests yet', {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/Select strings in the translation editor/)).toBeTruthy();

    const search = within(screen.getByTestId('requests-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'Tourism' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(server.fetchMock.mock.calls.some(([url]) => String(url).includes('searchText=Tourism'))).toBe(
        true,
      ),
    );
    expect(await screen.findByText('No requests match your search')).toBeTruthy();
  }, 60_000);
});
