import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPermissionMatrix,
  serialisePermissionMatrix,
  type PermissionMatrix,
} from '../../src/http/permission-matrix';
import { buildTestApp, type TestApp } from '../support/test-app';

const MATRIX_FILE = resolve(import.meta.dirname, '../../../../docs/permissions.json');

describe('docs/permissions.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('covers every registered route with exactly its declared access (run `npm run permissions` after adding a route)', () => {
    const checkedIn = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as PermissionMatrix;
    const current = buildPermissionMatrix(t.app.routeAccessTable);
    const listed = new Set(checkedIn.routes.map((r) => `${r.method} ${r.path}`));
    const missing = current.routes.map((r) => `${r.method} ${r.path}`).filter((key) => !listed.has(key));
    expect(missing, 'routes missing from docs/permissions.json').toEqual([]);
    expect(`${JSON.stringify(checkedIn, null, 2)}\n`).toBe(serialisePermissionMatrix(current));
  });
});
