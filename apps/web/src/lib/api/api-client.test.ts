import { STORAGE_KEYS } from '@bhasha/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError, isNetworkFailure } from './api-result';
import { createToaster, type ToastSink } from './toast-deduper';

const GENERIC = 'Some error occurred. Please try again';
const LOGIN = { email: 'a@b.co', password: 'secret' };

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(respond: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const fetchMock = vi.fn((input: string, init?: RequestInit) => Promise.resolve(respond(input, init ?? {})));
  const open = vi.fn<ToastSink['open']>();
  const sink = { open };
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    fetch: fetchMock as (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
    store: () => window.localStorage,
    toaster: createToaster(() => sink),
    genericErrorMessage: () => GENERIC,
    onSessionExpired,
    now: () => new Date('2025-11-21T12:00:00Z'),
  });
  return { client, fetchMock, sink, onSessionExpired };
}

function headersOf(fetchMock: ReturnType<typeof vi.fn>, call = 0): Headers {
  const init = fetchMock.mock.calls[call]?.[1] as RequestInit;
  return new Headers(init.headers);
}

describe('api client', () => {
  beforeEach(() => window.localStorage.clear());

  it('adds the authorization and timezone headers when a token is stored', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    const { client, fetchMock } = setup(() => jsonResponse({ success: true, message: 'ok', data: 1 }));
    await client.request('user/check/', { query: { timestamp: 5 } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/check/?timestamp=5');
    expect(init.credentials).toBe('include');
    const headers = headersOf(fetchMock);
    expect(headers.get('authorization')).toBe('tok-123');
    const timezone = headers.get('timezone');
    expect(timezone).toBeTruthy();
    expect(Date.parse(timezone!)).toBe(Date.parse('2025-11-21T12:00:00Z'));
  });

  it('sends neither header without a stored token', async () => {
    const { client, fetchMock } = setup(() => jsonResponse({ success: true, message: 'ok', data: null }));
    await client.request('auth/fetchUIEndpoints');
    const headers = headersOf(fetchMock);
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('timezone')).toBe(false);
  });

  it('posts JSON bodies', async () => {
    const { client, fetchMock } = setup(() => jsonResponse({ success: true, message: '', data: {} }));
    await client.request('auth/password-reset', { body: { email: 'a@b.co' } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(headersOf(fetchMock).get('content-type')).toBe('application/json');
  });

  it('takes the method from a call key naming it, for a path with a GET and a POST call', async () => {
    const { client, fetchMock } = setup(() => jsonResponse({ success: true, message: 'ok', data: null }));
    await client.request('GET organisation/api-keys');
    await client.request('POST organisation/api-keys', { body: { name: 'CI', scopes: ['read'] } });
    const [getUrl, getInit] = fetchMock.mock.calls[0] as [string, RequestInit];
    const [postUrl, postInit] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect([getUrl, getInit.method, getInit.body]).toEqual(['/api/organisation/api-keys', 'GET', undefined]);
    expect([postUrl, postInit.method]).toEqual(['/api/organisation/api-keys', 'POST']);
    expect(JSON.parse(postInit.body as string)).toEqual({ name: 'CI', scopes: ['read'] });
  });

  it('unwraps the envelope', async () => {
    const { client } = setup(() =>
      jsonResponse({ success: true, message: 'fine', data: { user: { id: 'u1' } } }),
    );
    await expect(client.call('user/check/', { query: {} })).resolves.toEqual({ user: { id: 'u1' } });
    await expect(client.request('user/check/', { query: {} })).resolves.toEqual({
      success: true,
      message: 'fine',
      data: { user: { id: 'u1' } },
    });
  });

  it('resolves HTTP errors with the body, success false, and shows the message as a warning', async () => {
    const { client, sink } = setup(() =>
      jsonResponse(
        { success: false, message: 'Invalid credentials', data: { locked: false, attempts: 2 } },
        401,
      ),
    );
    const result = await client.request('auth', { body: LOGIN });
    expect(result).toEqual({
      success: false,
      message: 'Invalid credentials',
      data: { locked: false, attempts: 2 },
    });
    expect(sink.open).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'warning', content: 'Invalid credentials' }),
    );
    await expect(client.call('auth', { body: LOGIN })).rejects.toBeInstanceOf(ApiError);
  });

  it('turns a network error into { success: false, message }', async () => {
    const { client, sink } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const result = await client.request('auth/fetchUIEndpoints');
    expect(result).toEqual({ success: false, message: GENERIC });
    expect(isNetworkFailure(result)).toBe(true);
    expect(sink.open).toHaveBeenCalledTimes(1);
  });

  it('treats an unreadable error answer as a generic failure', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.request('auth/fetchUIEndpoints')).resolves.toEqual({
      success: false,
      message: GENERIC,
    });
  });

  it('never duplicates a toast while the same text is visible', async () => {
    const { client, sink } = setup(() => jsonResponse({ success: false, message: 'Project not found' }, 404));
    await Promise.all([
      client.request('project/details', { body: { projectId: 'p1' } }),
      client.request('project/details', { body: { projectId: 'p1' } }),
      client.request('project/details', { body: { projectId: 'p1' } }),
    ]);
    expect(sink.open).toHaveBeenCalledTimes(1);
    const first = sink.open.mock.calls[0]?.[0] as { key: string; onClose: () => void };
    expect(first.key).toContain('Project not found');
    first.onClose();
    await client.request('project/details', { body: { projectId: 'p1' } });
    expect(sink.open).toHaveBeenCalledTimes(2);
  });

  it('stays quiet for silent calls', async () => {
    const { client, sink } = setup(() => jsonResponse({ success: false, message: 'nope' }, 400));
    await client.request('auth/password-reset', { body: { email: 'a@b.co' }, silent: true });
    expect(sink.open).not.toHaveBeenCalled();
  });

  it.each([
    ['TIME_TRAVEL', { success: false, flag: 'TIME_TRAVEL' }],
    ['TokenExpiredError', { success: false, code: 500, name: 'TokenExpiredError' }],
  ])('logs out on %s: removes token and role and hands over to the expiry handler', async (_name, body) => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.role, btoa('organisationAdmin'));
    const { client, onSessionExpired } = setup(() => jsonResponse(body, 401));
    const result = await client.request('project', { body: {} });
    expect(result.success).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not log out on other failures', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const { client, onSessionExpired } = setup(() =>
      jsonResponse({ success: false, code: 500, name: 'Error', message: 'boom' }, 500),
    );
    await client.request('project', { body: {} });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it("lets a caller's authorization header win over the stored token", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'stored');
    const { client, fetchMock } = setup(() =>
      jsonResponse({ success: true, message: '', data: { token: 'n' } }),
    );
    await client.request('auth/update-password', {
      body: { password: 'N3w-passw0rd!' },
      headers: { authorization: 'reset-token' },
    });
    expect(headersOf(fetchMock).get('authorization')).toBe('reset-token');
  });
});
