import { vi } from 'vitest';
import { checkReply, endpointFor } from './contract-replies';

export type FakeRoute = (body: unknown, init: RequestInit) => { status?: number; body: unknown };

export const UI_CONFIG = {
  axiosBaseUrl: 'http://localhost:3000/api',
  uiUrl: 'http://localhost:3000',
  swalekhUrl: '',
  keyboard: 'true',
  keyboardMode: 'phonetic',
  renderBaseUrl: '',
  renderSubDomain: '',
  mailerServiceEnabled: 'true',
} as const;

/**
 * Replaces global fetch with a table of `METHOD path` → answer, for component tests.
 * Unknown calls answer 404 so a test notices a call it did not expect; a success answer to a call
 * of the contract's endpoint map must match the endpoint's response schema.
 */
export function installFakeServer(routes: Record<string, FakeRoute>) {
  const calls: { key: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn((input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname}`;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body, headers: new Headers(init.headers) });
    const route = routes[key];
    const answer = route
      ? route(body, init)
      : { status: 404, body: { success: false, message: `No route ${key}` } };
    checkReply(key, endpointFor(method, url.pathname), answer.status ?? 200, answer.body);
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

/** A successful envelope. */
export function ok(data: unknown, message = ''): { body: unknown } {
  return { body: { success: true, message, data } };
}

/** A failed envelope. */
export function fail(message: string, data?: unknown, status = 400): { status: number; body: unknown } {
  return { status, body: { success: false, message, data } };
}
