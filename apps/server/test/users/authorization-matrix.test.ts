import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ROLE_VALUES, type Role } from '@bhasha/contract';
import { isAllowed, type Principal } from '../../src/http/access';
import type { RouteAccessEntry } from '../../src/http/authenticate';
import { createUsersRepository } from '../../src/modules/users/users.repository';
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { createMember, createOrganisation } from './tenancy-fixtures';

/*
 * The authorization matrix: every registered API route × {anonymous, each role in organisation A,
 * the same roles in organisation B, an inactive user}, each called on organisation A's resources.
 * Proves: no 2xx where the route's declared access refuses the caller; organisation B's callers
 * get 404 for A's resources; no answer to anyone outside A carries A's identifiers.
 */

/** How a route touches organisation A's rows. */
type RouteKind =
  /** Names one of A's rows by id: callers from B must get 404. */
  | 'resource'
  /** Answers rows of the caller's scope: callers from B must see none of A's. */
  | 'list'
  /** Works on the caller's own data only. */
  | 'self';

interface MatrixContext {
  organisationA: string;
  targetUserId: string;
  targetApikey: string;
  translatorId: string;
  projectId: string;
  next(): number;
}

interface RouteFixture {
  kind: RouteKind;
  body?: (ctx: MatrixContext) => Record<string, unknown>;
  query?: string;
}

/** Payloads per route; a route marked ownOrganisation must have one (checked below). */
const FIXTURES: Record<string, RouteFixture> = {
  'POST /api/user/list': { kind: 'list', body: () => ({ pageSize: 100 }) },
  'POST /api/user': {
    kind: 'list',
    // B's admins name A as the organisation: the server must ignore it and answer B's row.
    body: (ctx) => ({
      name: 'Matrix User',
      email: `matrix-${ctx.next()}@example.in`,
      role: 'collaborator',
      password: 'matrix-pass-1',
      organisationId: ctx.organisationA,
    }),
  },
  'POST /api/user/fetchUserDetails': { kind: 'resource', body: (ctx) => ({ apikey: ctx.targetApikey }) },
  'GET /api/user/delivery-manager/list': { kind: 'list' },
  'GET /api/user/collaborator/list': { kind: 'list' },
  'POST /api/user/switchStatus': {
    kind: 'resource',
    body: (ctx) => ({ userId: ctx.targetUserId, status: 'active' }),
  },
  'POST /api/user/update': {
    kind: 'resource',
    body: (ctx) => ({ userId: ctx.targetUserId, updateObj: { name: 'Target User' } }),
  },
  'POST /api/user/update/category/list': {
    kind: 'resource',
    body: (ctx) => ({ userId: ctx.translatorId, categories: [] }),
  },
  'POST /api/project/access/verify': { kind: 'resource', body: (ctx) => ({ projectId: ctx.projectId }) },
  'POST /api/organisation/details': {
    kind: 'resource',
    body: (ctx) => ({ organisationId: ctx.organisationA }),
  },
  'POST /api/organisation/edit': {
    kind: 'resource',
    body: (ctx) => ({ organisationId: ctx.organisationA, editObject: { details: 'Matrix' } }),
  },
  'POST /api/organisation/list': { kind: 'list', body: () => ({ pageSize: 100 }) },
  'POST /api/organisation/all': { kind: 'list' },
  'POST /api/user/resetPasswordThroughProfile': {
    kind: 'self',
    body: () => ({
      currentPassword: 'not-the-password',
      newPassword: 'matrix-new-1',
      confirmPassword: 'matrix-new-1',
    }),
  },
  'GET /api/user/check/': { kind: 'self', query: '?timestamp=0' },
};

interface Caller {
  label: string;
  userId: string | null;
  principal: Principal | null;
  /** Member of organisation B: must never reach A's rows. */
  isForeign: boolean;
}

describe('authorization matrix', () => {
  const clock = createTestClock();
  let t: TestApp;
  let ctx: MatrixContext;
  const callers: Caller[] = [];
  const secretsOfA: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const orgA = await createOrganisation(t, { name: 'Matrix Alpha', parliamentWorkspace: true });
    const orgB = await createOrganisation(t, { name: 'Matrix Beta', parliamentWorkspace: true });
    callers.push({ label: 'anonymous', userId: null, principal: null, isForeign: false });
    for (const role of ROLE_VALUES) {
      const organisationId = role === ROLES.superAdmin ? null : orgA.id;
      const { user } = await createMember(t, organisationId, role);
      callers.push({
        label: `A:${role}`,
        userId: user.id,
        principal: { id: user.id, role, organisationId },
        isForeign: false,
      });
      secretsOfA.push(user.id, user.email);
    }
    for (const role of ROLE_VALUES) {
      // Super admins are platform-wide: there is no "super admin of B".
      if (role === ROLES.superAdmin) continue;
      const { user } = await createMember(t, orgB.id, role);
      callers.push({
        label: `B:${role}`,
        userId: user.id,
        principal: { id: user.id, role, organisationId: orgB.id },
        isForeign: true,
      });
    }
    const inactive = await createMember(t, orgA.id, ROLES.organisationAdmin, { status: 'inactive' });
    callers.push({ label: 'inactive', userId: inactive.user.id, principal: null, isForeign: false });

    const target = await createMember(t, orgA.id, ROLES.collaborator, {
      apikey: `bk_matrix_target_${orgA.id}`,
    });
    const translator = await createMember(t, orgA.id, ROLES.lokSabhaTranslator);
    const { rows } = await t.handle.executeSql(
      `INSERT INTO projects (organisation_id, name, base_url) VALUES ('${orgA.id}', 'Matrix site', 'https://matrix-alpha.in') RETURNING id`,
    );
    let counter = 0;
    ctx = {
      organisationA: orgA.id,
      targetUserId: target.user.id,
      targetApikey: target.user.apikey!,
      translatorId: translator.user.id,
      projectId: rows[0]?.id as string,
      next: () => (counter += 1),
    };
    secretsOfA.push(
      orgA.id,
      target.user.id,
      target.user.email,
      translator.user.id,
      ctx.projectId,
      ctx.targetApikey,
      'Matrix Alpha',
    );
  }, 120_000);
  afterAll(() => t.close());

  /** A token for the caller's current token version (a route may have revoked older ones). */
  async function tokenFor(caller: Caller): Promise<string | null> {
    if (!caller.userId) return null;
    const user = await createUsersRepository(t.handle.db).findById(caller.userId);
    return t.services.tokens.sign({
      userId: user!.id,
      role: user!.role as Role,
      version: user!.tokenVersion,
    });
  }

  const routeKey = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

  it('has a payload fixture for every tenant-scoped route', () => {
    const missing = t.app.routeAccessTable
      .filter((r) => r.ownOrganisation && !FIXTURES[routeKey(r)])
      .map(routeKey);
    expect(missing, 'add these routes to FIXTURES').toEqual([]);
  });

  it('gives no caller a 2xx its access refuses, answers 404 across organisations and leaks no foreign rows', async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const route of t.app.routeAccessTable) {
      const fixture = FIXTURES[routeKey(route)] ?? { kind: 'self' as const };
      for (const caller of callers) {
        const token = await tokenFor(caller);
        const url =
          route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000') + (fixture.query ?? '');
        const body = fixture.body?.(ctx);
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: token ? authHeaders(token, clock.now()) : {},
          ...(route.method === 'GET' ? {} : { payload: body ?? {} }),
        });
        calls += 1;
        const is2xx = res.statusCode >= 200 && res.statusCode < 300;
        const allowed =
          caller.label === 'inactive' ? route.access === 'public' : isAllowed(route.access, caller.principal);
        const where = `${routeKey(route)} as ${caller.label} → ${res.statusCode}`;
        if (!allowed && is2xx) problems.push(`unexpected 2xx: ${where}`);
        if (!allowed && route.access !== 'public' && ![401, 403].includes(res.statusCode))
          problems.push(`refusal not 401/403: ${where}`);
        if (caller.isForeign && allowed && fixture.kind === 'resource' && res.statusCode !== 404)
          problems.push(`foreign call not 404: ${where}`);
        if (caller.isForeign || caller.label === 'anonymous' || caller.label === 'inactive') {
          const leaked = secretsOfA.filter((secret) => res.body.includes(secret));
          if (leaked.length > 0)
            problems.push(`foreign rows in answer: ${where} (${leaked.length} identifiers of A)`);
        }
      }
    }
    expect(calls).toBe(t.app.routeAccessTable.length * callers.length);
    expect(problems).toEqual([]);
  }, 600_000);
});
