import { STORAGE_KEYS } from '@bhasha/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, UI_CONFIG, fail } from '../test/fake-server';
import { renderApp } from '../test/render-app';
import { apiClient } from '../lib/api/api-instance';

const USER = {
  id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  role: 'organisationAdmin',
  organisationId: 'o1',
  apikey: 'key-1',
  contractAgreed: true,
};

describe('startup (spec §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Loading...' until the UI configuration has arrived, then the public routes", async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/sign-in');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByTestId('sign-in-form')).toBeTruthy();
  });

  it('skips the token check without a stored token', async () => {
    const server = installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/');
    await screen.findByTestId('free-trial-page');
    expect(server.callsTo('GET /api/user/check/')).toHaveLength(0);
  });

  it('verifies a stored token and opens the main app for a paid role', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: USER }),
    });
    renderApp('/');
    expect(await screen.findByTestId('main-app')).toBeTruthy();
    expect(await screen.findByTestId('dashboard-page')).toBeTruthy();
    const check = server.callsTo('GET /api/user/check/')[0];
    expect(check?.headers.get('authorization')).toBe('tok');
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBe(btoa('organisationAdmin'));
  });

  it('asks for the UI configuration and checks the stored token at the same time', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    let releaseConfig: () => void = () => undefined;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    // The configuration answers only once the token check was sent: one round trip, not two.
    vi.stubGlobal('fetch', (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/auth/fetchUIEndpoints')
        return configHeld.then(() => json({ success: true, message: '', data: UI_CONFIG }));
      if (path === '/api/user/check/') {
        releaseConfig();
        return Promise.resolve(json({ success: true, message: '', data: { user: USER } }));
      }
      return Promise.resolve(json({ success: true, message: '', data: {} }));
    });
    renderApp('/app');
    expect(await screen.findByTestId('main-app', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('opens the free app for freeOrgAdmin', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: { ...USER, role: 'freeOrgAdmin' } }),
    });
    renderApp('/app');
    expect(await screen.findByTestId('free-app')).toBeTruthy();
  });

  it('treats a rejected token as logged out and clears it', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stale');
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => fail('Unauthorized', undefined, 401),
    });
    renderApp('/app/projects');
    expect(await screen.findByTestId('free-trial-page')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('shows the contract modal to a user who has not agreed, and records the agreement', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: { ...USER, contractAgreed: false } }),
      'POST /api/user/edit': () => ok({ user: { ...USER, contractAgreed: true } }),
    });
    renderApp('/app');
    const agree = await screen.findByTestId('contract-agree');
    expect(screen.getByText('I agree to the terms and conditions')).toBeTruthy();
    expect(agree.closest('button')?.disabled).toBe(true);
    const checkbox = screen.getByTestId('contract-checkbox');
    fireEvent.click(checkbox);
    await waitFor(() => expect(agree.closest('button')?.disabled).toBe(false));
    agree.click();
    await waitFor(() => expect(server.callsTo('POST /api/user/edit')).toHaveLength(1));
    expect(server.callsTo('POST /api/user/edit')[0]?.body).toEqual({
      apikey: 'key-1',
      updateObj: { contractAgreed: true },
    });
    await waitFor(() => expect(screen.queryByTestId('contract-agree')).toBeNull());
  });

  it("says 'Something went wrong' when the user has no apikey", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: { ...USER, apikey: null, contractAgreed: false } }),
    });
    renderApp('/app');
    expect(await screen.findByTestId('contract-error')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.queryByTestId('contract-agree')).toBeNull();
  });
});

describe('leaving a session (spec §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs out through the user menu: clearCookie, storage cleared, public page', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: USER }),
      'POST /api/auth/clearCookie': () => ok(null),
    });
    renderApp('/app');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByText('Sign out'));
    expect(await screen.findByTestId('free-trial-page')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/clearCookie')).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('goes to / when any call answers TIME_TRAVEL', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: USER }),
      'POST /api/project': () => ({ status: 401, body: { success: false, flag: 'TIME_TRAVEL' } }),
    });
    renderApp('/app/projects');
    // The projects page lists projects itself (POST /api/project); another call answers the same.
    await apiClient.request('project', { body: {} });
    expect(await screen.findByTestId('free-trial-page')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
