import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_MESSAGES,
  ROLES,
  type ApiKey,
  type ApiKeyAuditEntry,
  type ApiKeyScope,
} from '@bhasha/contract';
import { apiKeyAuditLog } from '@bhasha/db';
import { isWellFormedOrganisationApiKey } from '../../src/modules/api-keys/api-key-secret';
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { createMember, createOrganisation } from '../users/tenancy-fixtures';

type Headers = Record<string, string>;

/** Organisation API keys through the real app on PGlite (ADR 0042). */
describe('organisation API keys', () => {
  const clock = createTestClock(new Date('2026-11-01T10:00:00Z'));
  let t: TestApp;
  const tokens = { admin: '', collaborator: '', otherAdmin: '' };
  // Headers are built per call: the clock moves, and the timezone header must follow it.
  const admin = () => headersOf(tokens.admin);
  const collaborator = () => headersOf(tokens.collaborator);
  const otherAdmin = () => headersOf(tokens.otherAdmin);
  let projectId: string;
  let secondProjectId: string;
  let foreignProjectId: string;

  async function insertProject(organisationId: string, host: string): Promise<string> {
    const { rows } = await t.handle.executeSql(
      `INSERT INTO projects (organisation_id, name, base_url) VALUES ('${organisationId}', '${host}', 'https://${host}') RETURNING id`,
    );
    const id = rows[0]?.id as string;
    await t.handle.executeSql(
      `INSERT INTO project_domains (organisation_id, project_id, hostname, origin, is_primary) VALUES ('${organisationId}', '${id}', '${host}', 'https://${host}', true)`,
    );
    return id;
  }

  function headersOf(token: string): Headers {
    return authHeaders(token, clock.now());
  }

  async function createKey(
    headers: Headers,
    body: { name?: string; scopes: ApiKeyScope[]; projectId?: string; expiresAt?: string },
  ): Promise<{ apiKey: ApiKey; secret: string }> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/organisation/api-keys',
      headers,
      payload: { name: 'CI', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  function call(secret: string, url: string, payload?: object, method: 'GET' | 'POST' = 'POST') {
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { 'x-api-key': secret },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const organisation = await createOrganisation(t, { name: 'Keys Alpha' });
    const other = await createOrganisation(t, { name: 'Keys Beta' });
    tokens.admin = (await createMember(t, organisation.id, ROLES.organisationAdmin)).token;
    tokens.collaborator = (await createMember(t, organisation.id, ROLES.collaborator)).token;
    tokens.otherAdmin = (await createMember(t, other.id, ROLES.organisationAdmin)).token;
    projectId = await insertProject(organisation.id, 'keys-alpha.in');
    secondProjectId = await insertProject(organisation.id, 'second.keys-alpha.in');
    foreignProjectId = await insertProject(other.id, 'keys-beta.in');
  });
  afterAll(() => t.close());

  it('creates a key whose secret is shown once, recognisable and checksummed, and lists only its prefix', async () => {
    const { apiKey, secret } = await createKey(admin(), { name: 'Build server', scopes: ['read', 'read'] });
    expect(secret).toMatch(/^bhk_live_[0-9A-Za-z]{36}$/);
    expect(isWellFormedOrganisationApiKey(secret)).toBe(true);
    // One changed character breaks the checksum: scanners can tell a real key from a look-alike.
    const tampered = secret.slice(0, 12) + (secret[12] === 'a' ? 'b' : 'a') + secret.slice(13);
    expect(isWellFormedOrganisationApiKey(tampered)).toBe(false);
    expect(apiKey).toMatchObject({
      name: 'Build server',
      scopes: ['read'],
      projectId: null,
      lastUsedAt: null,
    });
    expect(secret.startsWith(apiKey.prefix)).toBe(true);

    const list = await t.app.inject({ method: 'GET', url: '/api/organisation/api-keys', headers: admin() });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    const listed = list.json<{ data: { apiKeys: ApiKey[] } }>().data.apiKeys;
    expect(listed.map((key) => key.id)).toContain(apiKey.id);
    const { rows } = await t.handle.executeSql(
      `SELECT key_hash FROM organisation_api_keys WHERE id = '${apiKey.id}'`,
    );
    expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('lets only organisation admins manage keys, and never a key', async () => {
    const byCollaborator = await t.app.inject({
      method: 'POST',
      url: '/api/organisation/api-keys',
      headers: collaborator(),
      payload: { name: 'Nope', scopes: ['read'] },
    });
    expect(byCollaborator.statusCode).toBe(403);
    const { secret } = await createKey(admin(), { scopes: ['admin'] });
    const byKey = await call(secret, '/organisation/api-keys', undefined, 'GET');
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().message).toBe(API_KEY_MESSAGES.notForKeys);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/api-keys',
      headers: otherAdmin(),
    });
    expect(otherList.json().data.total).toBe(0);
  });

  it('validates names, scopes, expiry and the project', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/organisation/api-keys',
      headers: admin(),
      payload: { name: ' ', scopes: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toEqual(
      expect.arrayContaining([API_KEY_MESSAGES.nameRequired, API_KEY_MESSAGES.scopesRequired]),
    );
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/organisation/api-keys',
      headers: admin(),
      payload: { name: 'Old', scopes: ['read'], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(API_KEY_MESSAGES.expiryInPast);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/organisation/api-keys',
      headers: admin(),
      payload: { name: 'Foreign', scopes: ['read'], projectId: foreignProjectId },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('allows each scope its calls and refuses the rest with the scope it lacks', async () => {
    const read = (await createKey(admin(), { scopes: ['read'] })).secret;
    const write = (await createKey(admin(), { scopes: ['write'] })).secret;
    const adminKey = (await createKey(admin(), { scopes: ['admin'] })).secret;

    // read: look-ups through POST and GET.
    expect((await call(read, '/project/details', { projectId })).statusCode).toBe(200);
    expect((await call(read, '/project', { pageSize: 10 })).statusCode).toBe(200);
    const readWrites = await call(read, '/scope/add', { projectId, urls: ['https://keys-alpha.in/a'] });
    expect(readWrites.statusCode).toBe(403);
    expect(readWrites.json().message).toBe(API_KEY_MESSAGES.scopeMissing('write'));

    // write: project content changes, not organisation admin calls.
    const added = await call(write, '/scope/add', { projectId, urls: ['https://keys-alpha.in/b'] });
    expect(added.statusCode, added.body).toBe(200);
    expect((await call(write, '/project/details', { projectId })).statusCode).toBe(200);
    const writeAdmin = await call(write, '/ignore-pattern/add', { projectId, pattern: 'Footer' });
    expect(writeAdmin.statusCode).toBe(403);
    expect(writeAdmin.json().message).toBe(API_KEY_MESSAGES.scopeMissing('admin'));
    expect((await call(write, '/user/list', { pageSize: 10 })).statusCode).toBe(403);

    // admin: organisation admin calls too.
    expect((await call(adminKey, '/ignore-pattern/add', { projectId, pattern: 'Footer' })).statusCode).toBe(
      200,
    );
    expect((await call(adminKey, '/user/list', { pageSize: 10 })).statusCode).toBe(200);

    // A person's own account is never reachable with an organisation key.
    const profile = await call(adminKey, '/user/profile', undefined, 'GET');
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe(API_KEY_MESSAGES.notForKeys);
  });

  it('accepts the key as a bearer token and refuses malformed or unknown keys', async () => {
    const { secret } = await createKey(admin(), { scopes: ['read'] });
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/project/details',
      headers: { authorization: `Bearer ${secret}` },
      payload: { projectId },
    });
    expect(bearer.statusCode).toBe(200);
    const unknown = await call(`bhk_live_${'A'.repeat(30)}${'0'.repeat(6)}`, '/project/details', {
      projectId,
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(API_KEY_MESSAGES.invalidKey);
  });

  it("keeps a key inside its organisation: another organisation's project answers 404", async () => {
    const { secret } = await createKey(admin(), { scopes: ['admin'] });
    const foreign = await call(secret, '/project/details', { projectId: foreignProjectId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('keys-beta');
    const list = await call(secret, '/project', { pageSize: 100 });
    expect(list.body).not.toContain(foreignProjectId);
    expect(list.body).toContain(projectId);
  });

  it('restricts a key to its project', async () => {
    const { secret, apiKey } = await createKey(admin(), { scopes: ['write'], projectId });
    expect(apiKey).toMatchObject({ projectId, projectName: 'keys-alpha.in' });
    expect((await call(secret, '/project/details', { projectId })).statusCode).toBe(200);
    const other = await call(secret, '/project/details', { projectId: secondProjectId });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(API_KEY_MESSAGES.projectRestricted);
    const unnamed = await call(secret, '/project', { pageSize: 10 });
    expect(unnamed.statusCode).toBe(403);
    expect(unnamed.json().message).toBe(API_KEY_MESSAGES.projectRequired);
  });

  it('refuses a revoked key at once and an expired key after its expiry', async () => {
    const { secret, apiKey } = await createKey(admin(), { scopes: ['read'] });
    expect((await call(secret, '/project/details', { projectId })).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/api-keys/${apiKey.id}/revoke`,
      headers: admin(),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.apiKey.revokedAt).not.toBeNull();
    const after = await call(secret, '/project/details', { projectId });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(API_KEY_MESSAGES.revokedKey);
    // Another organisation's admin cannot revoke (or learn of) the key.
    const foreignRevoke = await t.app.inject({
      method: 'POST',
      url: `/api/organisation/api-keys/${apiKey.id}/revoke`,
      headers: otherAdmin(),
    });
    expect(foreignRevoke.statusCode).toBe(404);

    const expiring = await createKey(admin(), {
      scopes: ['read'],
      expiresAt: new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString(),
    });
    expect((await call(expiring.secret, '/project/details', { projectId })).statusCode).toBe(200);
    clock.advance(2 * 60 * 60 * 1000);
    const expired = await call(expiring.secret, '/project/details', { projectId });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(API_KEY_MESSAGES.expiredKey);
  });

  it('updates last used at most once a minute', async () => {
    const { secret, apiKey } = await createKey(admin(), { scopes: ['read'] });
    const lastUsed = async () => {
      await t.services.background.drain();
      const list = await t.app.inject({ method: 'GET', url: '/api/organisation/api-keys', headers: admin() });
      return (list.json().data.apiKeys as ApiKey[]).find((key) => key.id === apiKey.id)!.lastUsedAt;
    };
    const first = clock.now().toISOString();
    await call(secret, '/project/details', { projectId });
    expect(await lastUsed()).toBe(first);
    clock.advance(30_000);
    await call(secret, '/project/details', { projectId });
    expect(await lastUsed()).toBe(first);
    clock.advance(31_000);
    await call(secret, '/project/details', { projectId });
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('records every call made with a key, refusals included, for its organisation admins to page through', async () => {
    const { secret, apiKey } = await createKey(admin(), { name: 'Audited', scopes: ['read'] });
    await call(secret, '/project/details', { projectId });
    await call(secret, '/scope/add', { projectId, urls: ['https://keys-alpha.in/c'] });
    await call(secret, '/project', { pageSize: 5 });
    await t.services.background.drain();

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/organisation/api-keys/audit?keyId=${apiKey.id}&page=1&pageSize=2`,
      headers: admin(),
    });
    expect(page.statusCode).toBe(200);
    const { entries, total } = page.json().data as { entries: ApiKeyAuditEntry[]; total: number };
    expect(total).toBe(3);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      apiKeyId: apiKey.id,
      apiKeyName: 'Audited',
      method: 'POST',
      route: '/api/project',
      statusCode: 200,
      clientAddress: '127.0.0.1',
    });
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/organisation/api-keys/audit?keyId=${apiKey.id}&page=2&pageSize=2`,
      headers: admin(),
    });
    const rest = second.json().data.entries as ApiKeyAuditEntry[];
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ route: '/api/project/details', statusCode: 200 });
    expect(entries[1]).toMatchObject({ route: '/api/scope/add', statusCode: 403 });

    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/api-keys/audit',
      headers: otherAdmin(),
    });
    expect(foreign.json().data.total).toBe(0);
    const byCollaborator = await t.app.inject({
      method: 'GET',
      url: '/api/organisation/api-keys/audit',
      headers: collaborator(),
    });
    expect(byCollaborator.statusCode).toBe(403);
  });

  it('prunes audit rows older than 90 days', async () => {
    const { apiKey } = await createKey(admin(), { scopes: ['read'] });
    const { rows } = await t.handle.executeSql(
      `SELECT organisation_id FROM organisation_api_keys WHERE id = '${apiKey.id}'`,
    );
    const organisationId = rows[0]?.organisation_id as string;
    const day = 24 * 60 * 60 * 1000;
    const base = { apiKeyId: apiKey.id, organisationId, method: 'GET', route: '/api/x', statusCode: 200 };
    await t.handle.db.insert(apiKeyAuditLog).values([
      { ...base, route: '/api/old', createdAt: new Date(clock.now().getTime() - 91 * day) },
      { ...base, route: '/api/recent', createdAt: new Date(clock.now().getTime() - 89 * day) },
    ]);
    expect(await t.services.apiKeys.pruneAudit()).toBeGreaterThanOrEqual(1);
    const { rows: left } = await t.handle.executeSql(
      `SELECT route FROM api_key_audit_log WHERE api_key_id = '${apiKey.id}' ORDER BY route`,
    );
    expect(left.map((row) => row.route)).toEqual(['/api/recent']);
  });
});

describe('organisation API key rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('limits each key on its own, whatever address the calls come from', async () => {
    const organisation = await createOrganisation(t);
    const { user } = await createMember(t, organisation.id, ROLES.organisationAdmin);
    const principal = { id: user.id, role: ROLES.organisationAdmin, organisationId: organisation.id };
    const first = await t.services.apiKeys.create(principal, { name: 'One', scopes: ['read'] });
    const second = await t.services.apiKeys.create(principal, { name: 'Two', scopes: ['read'] });
    const list = (secret: string) =>
      t.app.inject({ method: 'POST', url: '/api/project', headers: { 'x-api-key': secret }, payload: {} });
    for (let i = 0; i < 3; i += 1) expect((await list(first.secret)).statusCode).toBe(200);
    const limited = await list(first.secret);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(API_KEY_MESSAGES.rateLimited);
    expect((await list(second.secret)).statusCode).toBe(200);
    await t.services.background.drain();
    const { rows } = await t.handle.executeSql(
      `SELECT status_code FROM api_key_audit_log WHERE api_key_id = '${first.apiKey.id}' ORDER BY id`,
    );
    expect(rows.map((row) => row.status_code)).toEqual([200, 200, 200, 429]);
  });
});
