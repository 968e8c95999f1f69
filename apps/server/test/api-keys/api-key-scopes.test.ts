import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@bhasha/contract';
import { READ_ROUTES, WRITE_ROUTES, requiredApiKeyScope } from '../../src/modules/api-keys/api-key-scopes';
import { buildTestApp, type TestApp } from '../support/test-app';

/** The scope table of ADR 0042 against the routes the app registers. */
describe('API key scopes per route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('names only registered POST routes in its read and write lists (no stale entries)', () => {
    const posts = new Set(t.app.routeAccessTable.filter((r) => r.method === 'POST').map((r) => r.url));
    expect([...READ_ROUTES].filter((url) => !posts.has(url))).toEqual([]);
    expect([...WRITE_ROUTES].filter((url) => !posts.has(url))).toEqual([]);
  });

  it('gives every route an organisation admin may call a scope, and keys none of the others', () => {
    for (const route of t.app.routeAccessTable) {
      const scope = requiredApiKeyScope(route.method, route.url, route.access);
      const forAdmins =
        typeof route.access !== 'string' &&
        route.access.includes(ROLES.organisationAdmin) &&
        !route.url.startsWith('/api/organisation/api-keys');
      expect(scope !== null, `${route.method} ${route.url}`).toBe(forAdmins);
    }
  });

  it('asks admin for organisation admin calls, write for changes and read for look-ups', () => {
    const scopeOf = (method: string, url: string) => {
      const route = t.app.routeAccessTable.find((r) => r.method === method && r.url === url)!;
      return requiredApiKeyScope(route.method, route.url, route.access);
    };
    expect(scopeOf('POST', '/api/user/list')).toBe('admin');
    expect(scopeOf('POST', '/api/project/delete')).toBe('admin');
    expect(scopeOf('POST', '/api/translation/tm/import/tmx')).toBe('write');
    expect(scopeOf('POST', '/api/translation/nmt/apply')).toBe('write');
    expect(scopeOf('POST', '/api/translation/tm/export/tmx')).toBe('read');
    expect(scopeOf('GET', '/api/user/profile')).toBeNull();
    expect(scopeOf('GET', '/api/organisation/api-keys')).toBeNull();
  });
});
