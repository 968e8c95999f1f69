import { API_KEY_MESSAGES, type ApiKey, type ApiKeyAuditEntry } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, type FakeRoute } from '../../../test/fake-server';
import { buildProject } from '../../../test/project-fixtures';
import { renderApp } from '../../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects', 'organisations'], { canEditOwnOrganisation: true });
const SECRET = 'bhk_live_0123456789ABCDEFGHIJabcdefghij012345';

function key(id: string, name: string, extra: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    name,
    prefix: 'bhk_live_AbC123',
    scopes: ['read', 'write'],
    projectId: null,
    projectName: null,
    expiresAt: null,
    lastUsedAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    createdByName: 'Asha Verma',
    revokedAt: null,
    ...extra,
  };
}

function entry(id: string, statusCode: number): ApiKeyAuditEntry {
  return {
    id,
    apiKeyId: 'k1',
    apiKeyName: 'GitHub Actions',
    apiKeyPrefix: 'bhk_live_AbC123',
    method: 'POST',
    route: '/api/project/details',
    statusCode,
    clientAddress: '203.0.113.9',
    createdAt: '2026-11-02T10:00:00.000Z',
  };
}

function startServer(keys: ApiKey[], entries: ApiKeyAuditEntry[], overrides: Record<string, FakeRoute> = {}) {
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'GET /api/organisation/api-keys': () => ok({ apiKeys: keys, total: keys.length }),
    'GET /api/organisation/api-keys/audit': () => ok({ entries, total: 45 }),
    'POST /api/project': () =>
      ok({
        projectList: [buildProject(['mango.example.in'], { id: 'p1', name: 'Mango Mart' })],
        totalProjects: 1,
      }),
    ...overrides,
  });
}

describe('API keys page', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('shows empty states when the organisation has no keys and no calls', async () => {
    startServer([], []);
    renderApp('/app/organisations/api-keys');
    expect(await screen.findByTestId('api-keys-empty')).toBeTruthy();
    expect(await screen.findByTestId('api-key-audit-empty')).toBeTruthy();
  });

  it('lists keys by prefix with scopes, project and status, and pages the audit log', async () => {
    startServer(
      [
        key('k1', 'GitHub Actions', { projectId: 'p1', projectName: 'Mango Mart' }),
        key('k2', 'Old runner', { revokedAt: '2026-11-03T10:00:00.000Z' }),
      ],
      [entry('1', 200), entry('2', 403)],
    );
    renderApp('/app/organisations/api-keys');
    const table = await screen.findByTestId('api-keys-table');
    expect(await within(table).findByText('GitHub Actions')).toBeTruthy();
    expect(within(table).getByText('Mango Mart')).toBeTruthy();
    expect(within(table).getAllByText('bhk_live_AbC123…')).toHaveLength(2);
    expect(screen.getByTestId('api-key-status-k1').textContent).toBe('Active');
    expect(screen.getByTestId('api-key-status-k2').textContent).toBe('Revoked');
    // A revoked key offers no revoke button.
    expect(screen.queryByTestId('api-key-revoke-k2')).toBeNull();
    const audit = screen.getByTestId('api-key-audit-table');
    expect(await within(audit).findByText('403')).toBeTruthy();
    expect(within(audit).getAllByText('203.0.113.9')).toHaveLength(2);
    expect(screen.getByText('45 calls')).toBeTruthy();
  });

  it('creates a key and shows its secret once, with a warning and a copy button', async () => {
    const created = key('k9', 'Nightly build');
    const server = startServer([], [], {
      'POST /api/organisation/api-keys': () =>
        ok({ apiKey: created, secret: SECRET }, API_KEY_MESSAGES.created),
    });
    renderApp('/app/organisations/api-keys');
    fireEvent.click(await screen.findByTestId('api-keys-create'));
    const drawer = await screen.findByTestId('api-key-drawer');
    fireEvent.change(within(drawer).getByTestId('api-key-name'), { target: { value: 'Nightly build' } });
    fireEvent.click(within(drawer).getByTestId('api-key-scope-write'));
    fireEvent.click(within(drawer).getByTestId('api-key-submit'));

    expect((await screen.findByTestId('api-key-secret')).textContent).toContain(SECRET);
    expect(screen.getByText(/only time the key is shown/)).toBeTruthy();
    expect(within(screen.getByTestId('api-key-drawer')).getByRole('button', { name: /copy/i })).toBeTruthy();
    const [call] = server.callsTo('POST /api/organisation/api-keys');
    const body = call!.body as {
      name: string;
      scopes: string[];
      projectId: string | null;
      expiresAt: string;
    };
    expect(body).toMatchObject({ name: 'Nightly build', scopes: ['read', 'write'], projectId: null });
    // The default expiry is 90 days from now.
    const days = (new Date(body.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    fireEvent.click(screen.getByTestId('api-key-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
  });

  it('revokes a key after a confirmation', async () => {
    const server = startServer([key('k1', 'GitHub Actions')], [], {
      'POST /api/organisation/api-keys/k1/revoke': () =>
        ok({ apiKey: key('k1', 'GitHub Actions', { revokedAt: '2026-11-04T00:00:00.000Z' }) }),
    });
    renderApp('/app/organisations/api-keys');
    fireEvent.click(await screen.findByTestId('api-key-revoke-k1'));
    expect(server.callsTo('POST /api/organisation/api-keys/k1/revoke')).toHaveLength(0);
    const confirm = await screen.findByText(
      'Programs using this key stop working at once. This cannot be undone.',
    );
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.callsTo('POST /api/organisation/api-keys/k1/revoke')).toHaveLength(1));
  });
});
