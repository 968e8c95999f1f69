import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, buildTestApp, createUserWithToken, type TestApp } from '../support/test-app';

// PostgreSQL stores neither NUL nor unpaired surrogates; such input must be a validation error
// on every route (the shared validator), never a database error answered with 500.
describe('text that no database can store', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    const { token } = await createUserWithToken(t, { role: 'superAdmin' });
    headers = authHeaders(token);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, withToken = true) =>
    t.app.inject({ method: 'POST', url, payload, headers: withToken ? headers : {} });

  it.each([
    ['a search field with NUL', '/api/organisation/list', { search: 'acme\u0000' }, 'search'],
    ['a user search with NUL', '/api/user/list', { search: '\u0000' }, 'search'],
    ['a project search with a lone high surrogate', '/api/project', { searchText: 'x\uD800' }, 'searchText'],
    ['a name with a lone low surrogate', '/api/user', { name: '\uDC00Ravi', email: 'r@example.in' }, 'name'],
    ['an object key with NUL', '/api/user/list', { ['sea\u0000rch']: 'x' }, 'sea\u0000rch'],
  ])('refuses %s with a validation message', async (_case, url, payload, field) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      type: 'VALIDATION_ERROR',
      message: `${field} contains a character that is not allowed (a NUL character or an unpaired surrogate)`,
    });
  });

  it('refuses an e-mail with NUL at sign-in, before anything is looked up', async () => {
    const res = await post('/api/auth', { email: 'admin@example.in\u0000', password: 'whatever1' }, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR' });
    expect(res.json().message).toMatch(/^email contains a character that is not allowed/);
  });

  it('refuses NUL in a query string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/check/?timestamp=1%00', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^timestamp contains a character that is not allowed/);
  });

  it('accepts paired surrogates (emoji, supplementary-plane scripts)', async () => {
    const res = await post('/api/organisation/list', { search: 'नमस्ते 😀 𑀅' });
    expect(res.statusCode).toBe(200);
  });
});
