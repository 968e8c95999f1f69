import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDbMigratedUpTo } from '../support/migrated-up-to';
import { buildTestApp, type TestApp } from '../support/test-app';

// Migration 0030 (ADR 0036) replaces the plaintext users.apikey with its SHA-256 and a visible
// prefix: a key issued before must keep working, and no copy of it may stay in the database.
const BEFORE = '0027_';
const LEGACY_KEY = 'bk_legacyKeyIssuedBeforeHashing_0123456789';

describe('migrating plaintext API keys to hashes', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    const handle = await createTestDbMigratedUpTo(BEFORE);
    const inserted = await handle.executeSql(
      `INSERT INTO users (name, email, password_hash, role, apikey)
       VALUES ('Old Key', 'old-key@example.in', 'x', 'organisationAdmin', $1) RETURNING id`,
      [LEGACY_KEY],
    );
    userId = String(inserted.rows[0]!.id);
    await handle.executeSql(
      `INSERT INTO users (name, email, password_hash, role) VALUES ('No Key', 'no-key@example.in', 'x', 'collaborator')`,
    );
    await handle.migrate();
    t = await buildTestApp({ handle });
  }, 180_000);
  afterAll(() => t.close());

  it('stores only the hash and the visible prefix, and the old key still authenticates', async () => {
    const { rows } = await t.handle.executeSql(
      `SELECT * FROM users WHERE email IN ('old-key@example.in', 'no-key@example.in') ORDER BY email`,
    );
    expect(rows.map((row) => [row.email, row.apikey_hash, row.apikey_prefix])).toEqual([
      ['no-key@example.in', null, null],
      ['old-key@example.in', createHash('sha256').update(LEGACY_KEY).digest('hex'), 'bk_legacyKe'],
    ]);
    expect(rows[0]).not.toHaveProperty('apikey');
    expect(JSON.stringify(rows)).not.toContain(LEGACY_KEY);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { 'x-api-key': LEGACY_KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: userId, apikey: 'bk_legacyKe' });
    expect(res.body).not.toContain(LEGACY_KEY);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { 'x-api-key': 'bk_legacyKe' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
