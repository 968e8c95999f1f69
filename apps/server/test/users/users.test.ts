import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USER_MESSAGES,
  VALIDATION_MESSAGES,
  getDocumentCategoriesFor,
  type UserSummary,
} from '@bhasha/contract';
import type { LightMyRequestResponse } from 'fastify';

const usersOf = (res: LightMyRequestResponse, key = 'users') =>
  (res.json().data as Record<string, UserSummary[]>)[key]!;
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { createMember, createOrganisation } from './tenancy-fixtures';

describe('users (spec §7 "Users")', () => {
  const clock = createTestClock();
  let t: TestApp;
  let orgA: { id: string };
  let orgB: { id: string };
  let adminA: Awaited<ReturnType<typeof createMember>>;
  let adminB: Awaited<ReturnType<typeof createMember>>;
  let superAdmin: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    orgA = await createOrganisation(t, { name: 'Alpha Media', parliamentWorkspace: true });
    orgB = await createOrganisation(t, { name: 'Beta Books' });
    adminA = await createMember(t, orgA.id, 'organisationAdmin');
    adminB = await createMember(t, orgB.id, 'organisationAdmin');
    superAdmin = await createMember(t, null, 'superAdmin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: token ? authHeaders(token, clock.now()) : {},
    });
  const countUsers = async () =>
    (await t.handle.executeSql('SELECT count(*)::int AS n FROM users')).rows[0]?.n as number;

  describe('POST /api/user (create)', () => {
    it('creates a collaborator in the admin’s organisation who can then sign in', async () => {
      const res = await call('POST', '/api/user', adminA.token, {
        name: 'Chitra K',
        email: 'Chitra@Alpha.in',
        role: 'collaborator',
        password: 'chitra-pass-1',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: USER_MESSAGES.created,
        data: {
          user: {
            email: 'chitra@alpha.in',
            role: 'collaborator',
            status: 'active',
            organisationId: orgA.id,
            organisationName: 'Alpha Media',
            nmtEnabled: true,
          },
        },
      });
      expect(res.json().data.user).not.toHaveProperty('apikey');
      const login = await call('POST', '/api/auth', null, {
        email: 'chitra@alpha.in',
        password: 'chitra-pass-1',
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().data.user.role).toBe('collaborator');
      // The new user holds an apikey, so it can agree to the contract (spec §2, §7) and go on.
      const { token, user } = login.json<{ data: { token: string; user: { apikey: string | null } } }>().data;
      // The session carries only the key's visible prefix; the contract acceptance accepts it.
      expect(user.apikey).toMatch(/^bhk_[\w-]{8}$/);
      const agreed = await call('POST', '/api/user/edit', token, {
        apikey: user.apikey,
        updateObj: { contractAgreed: true },
      });
      expect(agreed.statusCode, agreed.body).toBe(200);
    });

    it('rejects unknown roles, roles above the caller’s, duplicate e-mail ids and missing fields with VALIDATION_ERROR, changing nothing', async () => {
      const before = await countUsers();
      const base = { name: 'Dev P', email: 'dev@alpha.in', role: 'collaborator', password: 'dev-pass-123' };
      const cases: [Record<string, unknown>, string][] = [
        [{ role: 'emperor' }, USER_MESSAGES.roleUnknown],
        [{ role: 'superAdmin' }, USER_MESSAGES.roleNotAllowed],
        [{ role: 'organisationAdmin' }, USER_MESSAGES.roleNotAllowed],
        [{ email: 'chitra@alpha.in' }, USER_MESSAGES.emailTaken],
        [{ name: undefined }, USER_MESSAGES.nameRequired],
        [{ email: '' }, USER_MESSAGES.emailRequired],
        [{ email: 'not-an-email' }, VALIDATION_MESSAGES.emailInvalid],
        [{ role: '' }, USER_MESSAGES.roleRequired],
        [{ password: undefined }, VALIDATION_MESSAGES.passwordRequired],
        [{ password: 'short' }, USER_MESSAGES.passwordTooShort],
      ];
      for (const [change, message] of cases) {
        const res = await call('POST', '/api/user', adminA.token, { ...base, ...change });
        expect(res.statusCode, message).toBe(400);
        expect(res.json(), message).toMatchObject({ success: false, type: 'VALIDATION_ERROR' });
        expect(res.json().data, message).toContain(message);
        expect(res.json().message).toBe(res.json().data[0]);
      }
      expect(await countUsers()).toBe(before);
    });

    it('lets an organisation admin with the parliament workspace create translators, not one without it', async () => {
      const withWorkspace = await call('POST', '/api/user', adminA.token, {
        name: 'Lok T',
        email: 'lok-t@alpha.in',
        role: 'lokSabhaTranslator',
        password: 'lok-pass-123',
      });
      expect(withWorkspace.statusCode, withWorkspace.body).toBe(200);
      const without = await call('POST', '/api/user', adminB.token, {
        name: 'Lok U',
        email: 'lok-u@beta.in',
        role: 'lokSabhaTranslator',
        password: 'lok-pass-123',
      });
      expect(without.statusCode).toBe(400);
      expect(without.json().data).toEqual([USER_MESSAGES.roleNotAllowed]);
    });

    it('limits a free organisation to its plan’s collaborators', async () => {
      const free = await createOrganisation(t, { plan: 'free' });
      const freeAdmin = await createMember(t, free.id, 'freeOrgAdmin');
      const create = (n: number) =>
        call('POST', '/api/user', freeAdmin.token, {
          name: `Free C${n}`,
          email: `free-c${n}-${free.id}@free.in`,
          role: 'collaborator',
          password: 'free-pass-123',
        });
      expect((await create(1)).statusCode).toBe(200);
      expect((await create(2)).statusCode).toBe(200);
      const third = await create(3);
      expect(third.statusCode).toBe(400);
      expect(third.json().data).toEqual([USER_MESSAGES.freePlanUserLimit]);
    });

    it('lets a super admin create any role in any organisation; a foreign organisation id is 404 for others', async () => {
      const res = await call('POST', '/api/user', superAdmin.token, {
        name: 'DM One',
        email: 'dm-one@bhasha.in',
        role: 'deliveryManager',
        password: 'dm-pass-1234',
        organisationId: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      const admin = await call('POST', '/api/user', superAdmin.token, {
        name: 'Admin Two',
        email: 'admin-two@beta.in',
        role: 'organisationAdmin',
        password: 'admin-pass-12',
        organisationId: orgB.id,
      });
      expect(admin.json().data.user.organisationId).toBe(orgB.id);
      // An organisation admin's organisationId is ignored: users always join the caller's own.
      const ignored = await call('POST', '/api/user', adminB.token, {
        name: 'Sneaky',
        email: 'sneaky@beta.in',
        role: 'collaborator',
        password: 'sneaky-pass-1',
        organisationId: orgA.id,
      });
      expect(ignored.json().data.user.organisationId).toBe(orgB.id);
    });
  });

  describe('organisation roles, the role list, moving users', () => {
    it('refuses an organisation role without an organisation, and writes nothing', async () => {
      const before = await countUsers();
      const res = await call('POST', '/api/user', superAdmin.token, {
        name: 'Orphan Admin',
        email: 'orphan@nowhere.in',
        role: 'organisationAdmin',
        password: 'orphan-pass-1',
        organisationId: null,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        data: [USER_MESSAGES.organisationRequired],
      });
      expect(await countUsers()).toBe(before);
      // Platform-wide roles need none.
      const desk = await call('POST', '/api/user', superAdmin.token, {
        name: 'Desk',
        email: 'desk@bhasha.in',
        role: 'translationAdmin',
        password: 'desk-pass-1234',
      });
      expect(desk.statusCode, desk.body).toBe(200);
    });

    it('offers the roles the caller may give, least powerful first', async () => {
      const abilities = async (token: string) =>
        (await call('GET', '/api/user/abilities', token)).json().data.abilities.creatableRoles as string[];
      const all = await abilities(superAdmin.token);
      expect(all[0]).toBe('collaborator');
      expect(all.at(-1)).toBe('superAdmin');
      expect(all).toHaveLength(10);
      expect(await abilities(adminA.token)).toEqual([
        'collaborator',
        'lokSabhaTranslator',
        'rajyaSabhaTranslator',
      ]);
    });

    it('lets a super admin change a user’s e-mail and organisation; an admin may not move users', async () => {
      const member = await createMember(t, orgA.id, 'collaborator');
      const moved = await call('POST', '/api/user/update', superAdmin.token, {
        userId: member.user.id,
        updateObj: { email: 'Moved@Beta.in', organisationId: orgB.id },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().data.user).toMatchObject({
        email: 'moved@beta.in',
        organisationId: orgB.id,
        organisationName: 'Beta Books',
      });
      // The move takes effect at once: the user now works in its new organisation.
      expect((await call('GET', '/api/user/profile', member.token)).json().data.user).toMatchObject({
        organisationId: orgB.id,
      });
      const orphaned = await call('POST', '/api/user/update', superAdmin.token, {
        userId: member.user.id,
        updateObj: { organisationId: null },
      });
      expect(orphaned.json().data).toEqual([USER_MESSAGES.organisationRequired]);
      const taken = await call('POST', '/api/user/update', superAdmin.token, {
        userId: member.user.id,
        updateObj: { email: adminA.user.email },
      });
      expect(taken.json().data).toEqual([USER_MESSAGES.emailTaken]);
      const other = await createMember(t, orgB.id, 'collaborator');
      const byAdmin = await call('POST', '/api/user/update', adminB.token, {
        userId: other.user.id,
        updateObj: { organisationId: orgA.id },
      });
      expect(byAdmin.statusCode).toBe(400);
      expect(byAdmin.json().data).toEqual([USER_MESSAGES.organisationChangeNotAllowed]);
      const email = await call('POST', '/api/user/update', adminB.token, {
        userId: other.user.id,
        updateObj: { email: 'renamed@beta.in' },
      });
      expect(email.json().data.user.email).toBe('renamed@beta.in');
    });
  });

  describe('POST /api/user/list', () => {
    it('answers users and totalUsers of the caller’s organisation only, with search, pagination and filters', async () => {
      const res = await call('POST', '/api/user/list', adminA.token, { page: 1, pageSize: 50 });
      expect(res.statusCode).toBe(200);
      const users = usersOf(res);
      const totalUsers = res.json().data.totalUsers as number;
      expect(totalUsers).toBe(users.length);
      expect(users.every((u) => u.organisationId === orgA.id)).toBe(true);
      const search = await call('POST', '/api/user/list', adminA.token, { search: 'chitra' });
      expect(usersOf(search).map((u) => u.email)).toEqual(['chitra@alpha.in']);
      const byRole = await call('POST', '/api/user/list', adminA.token, { role: 'lokSabhaTranslator' });
      expect(usersOf(byRole).map((u) => u.email)).toEqual(['lok-t@alpha.in']);
      const page = await call('POST', '/api/user/list', adminA.token, { page: 2, pageSize: 1 });
      expect(page.json().data.users).toHaveLength(1);
      expect(page.json().data.totalUsers).toBe(totalUsers);
      const wildcard = await call('POST', '/api/user/list', adminA.token, { search: '%' });
      expect(wildcard.json().data.totalUsers).toBe(0);
      // A foreign organisation filter is ignored for organisation admins.
      const foreign = await call('POST', '/api/user/list', adminA.token, { organisationId: orgB.id });
      expect(usersOf(foreign).every((u) => u.organisationId === orgA.id)).toBe(true);
    });

    it('lets the super admin see every organisation’s users, or one organisation’s', async () => {
      const all = await call('POST', '/api/user/list', superAdmin.token, { pageSize: 100 });
      const orgs = new Set(usersOf(all).map((u) => u.organisationId));
      expect(orgs.has(orgA.id) && orgs.has(orgB.id)).toBe(true);
      const onlyB = await call('POST', '/api/user/list', superAdmin.token, {
        organisationId: orgB.id,
        pageSize: 100,
      });
      expect(usersOf(onlyB).every((u) => u.organisationId === orgB.id)).toBe(true);
    });

    it('validates its input and refuses roles that do not administer users', async () => {
      expect((await call('POST', '/api/user/list', adminA.token, { page: 0 })).statusCode).toBe(400);
      expect((await call('POST', '/api/user/list', adminA.token, { status: 'sleeping' })).statusCode).toBe(
        400,
      );
      const collaborator = await createMember(t, orgA.id, 'collaborator');
      expect((await call('POST', '/api/user/list', collaborator.token, {})).statusCode).toBe(403);
    });
  });

  describe('switchStatus, update, categories', () => {
    it('deactivates a user: it cannot sign in and its token and apikey stop working; reactivation does not revive old tokens', async () => {
      const member = await createMember(t, orgA.id, 'collaborator', { apikey: `bk_member_${orgA.id}` });
      const off = await call('POST', '/api/user/switchStatus', adminA.token, {
        userId: member.user.id,
        status: 'inactive',
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().data.user.status).toBe('inactive');
      expect((await call('GET', '/api/user/check/', member.token)).statusCode).toBe(401);
      const byKey = await t.app.inject({
        method: 'GET',
        url: '/api/user/abilities',
        headers: { 'x-api-key': `bk_member_${orgA.id}` },
      });
      expect(byKey.statusCode).toBe(401);
      const login = await call('POST', '/api/auth', null, {
        email: member.user.email,
        password: 'correct horse battery',
      });
      expect(login.statusCode).not.toBe(200);
      await call('POST', '/api/user/switchStatus', adminA.token, {
        userId: member.user.id,
        status: 'active',
      });
      expect((await call('GET', '/api/user/check/', member.token)).statusCode).toBe(401);
      expect(
        (
          await call('POST', '/api/auth', null, {
            email: member.user.email,
            password: 'correct horse battery',
          })
        ).statusCode,
      ).toBe(200);
    });

    it('answers 404 for another organisation’s user and refuses one’s own status', async () => {
      const foreign = await createMember(t, orgB.id, 'collaborator');
      const res = await call('POST', '/api/user/switchStatus', adminA.token, {
        userId: foreign.user.id,
        status: 'inactive',
      });
      expect(res.statusCode).toBe(404);
      const self = await call('POST', '/api/user/switchStatus', adminA.token, {
        userId: adminA.user.id,
        status: 'inactive',
      });
      expect(self.statusCode).toBe(400);
      expect(self.json().data).toEqual([USER_MESSAGES.cannotChangeOwnStatus]);
      const { rows } = await t.handle.executeSql(`SELECT status FROM users WHERE id = '${foreign.user.id}'`);
      expect(rows[0]?.status).toBe('active');
    });

    it('edits a user and its NMT status; a role the caller may not give is refused; users edit their own name only', async () => {
      const member = await createMember(t, orgA.id, 'collaborator');
      const res = await call('POST', '/api/user/update', adminA.token, {
        userId: member.user.id,
        updateObj: { name: 'Renamed', nmtEnabled: false },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.user).toMatchObject({ name: 'Renamed', nmtEnabled: false });
      const promote = await call('POST', '/api/user/update', adminA.token, {
        userId: member.user.id,
        updateObj: { role: 'organisationAdmin' },
      });
      expect(promote.statusCode).toBe(400);
      expect(promote.json().data).toEqual([USER_MESSAGES.roleNotAllowed]);
      const own = await call('POST', '/api/user/update', member.token, {
        userId: member.user.id,
        updateObj: { name: 'My Name' },
      });
      expect(own.statusCode).toBe(200);
      const ownNmt = await call('POST', '/api/user/update', member.token, {
        userId: member.user.id,
        updateObj: { nmtEnabled: true },
      });
      expect(ownNmt.statusCode).toBe(403);
      const unknownField = await call('POST', '/api/user/update', adminA.token, {
        userId: member.user.id,
        updateObj: { passwordHash: 'x' },
      });
      expect(unknownField.statusCode).toBe(400);
      const empty = await call('POST', '/api/user/update', adminA.token, {
        userId: member.user.id,
        updateObj: {},
      });
      expect(empty.json().data).toContain(USER_MESSAGES.noFieldsToUpdate);
      const foreign = await call('POST', '/api/user/update', adminB.token, {
        userId: member.user.id,
        updateObj: { name: 'Hacked' },
      });
      expect(foreign.statusCode).toBe(404);
    });

    it('sets a translator’s categories from its house only', async () => {
      const translator = await createMember(t, orgA.id, 'rajyaSabhaTranslator');
      const rsOnly = getDocumentCategoriesFor('rs').map((c) => c.value);
      const res = await call('POST', '/api/user/update/category/list', adminA.token, {
        userId: translator.user.id,
        categories: ['questionsListUnStarred', 'bulletinPartI'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        userId: translator.user.id,
        categories: ['questionsListUnStarred', 'bulletinPartI'],
      });
      expect(rsOnly).toContain('questionsListUnStarred');
      const lok = await createMember(t, orgA.id, 'lokSabhaTranslator');
      const wrongHouse = await call('POST', '/api/user/update/category/list', adminA.token, {
        userId: lok.user.id,
        categories: ['questionsListUnStarred'],
      });
      expect(wrongHouse.json().data).toEqual([USER_MESSAGES.categoryNotForRole]);
      const collaborator = await createMember(t, orgA.id, 'collaborator');
      const notTranslator = await call('POST', '/api/user/update/category/list', adminA.token, {
        userId: collaborator.user.id,
        categories: [],
      });
      expect(notTranslator.json().data).toEqual([USER_MESSAGES.notATranslator]);
      expect(
        (
          await call('POST', '/api/user/update/category/list', adminA.token, {
            userId: lok.user.id,
            categories: ['nope'],
          })
        ).statusCode,
      ).toBe(400);
      const houseAdmin = await createMember(t, orgA.id, 'lokSabhaAdmin');
      // The other house's translators are invisible to a house admin.
      expect(
        (
          await call('POST', '/api/user/update/category/list', houseAdmin.token, {
            userId: translator.user.id,
            categories: [],
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await call('POST', '/api/user/update/category/list', houseAdmin.token, {
            userId: lok.user.id,
            categories: ['synopsisNormal'],
          })
        ).statusCode,
      ).toBe(200);
    });
  });

  describe('profile: password, apikey, details, abilities, access', () => {
    it('changes the password with the current one, revoking other sessions and answering a fresh token', async () => {
      const member = await createMember(t, orgA.id, 'collaborator');
      const wrong = await call('POST', '/api/user/resetPasswordThroughProfile', member.token, {
        currentPassword: 'nope',
        newPassword: 'new-pass-123',
        confirmPassword: 'new-pass-123',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().data).toEqual([USER_MESSAGES.currentPasswordWrong]);
      const mismatch = await call('POST', '/api/user/resetPasswordThroughProfile', member.token, {
        currentPassword: 'correct horse battery',
        newPassword: 'new-pass-123',
        confirmPassword: 'other-pass-123',
      });
      expect(mismatch.json().data).toContain(VALIDATION_MESSAGES.newPasswordMismatch);
      const res = await call('POST', '/api/user/resetPasswordThroughProfile', member.token, {
        currentPassword: 'correct horse battery',
        newPassword: 'new-pass-123',
        confirmPassword: 'new-pass-123',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await call('GET', '/api/user/check/', member.token)).statusCode).toBe(401);
      expect((await call('GET', '/api/user/check/', res.json().data.token)).statusCode).toBe(200);
      expect(
        (await call('POST', '/api/auth', null, { email: member.user.email, password: 'new-pass-123' }))
          .statusCode,
      ).toBe(200);
    });

    it('regenerates the apikey; the new one works as x-api-key, the old one no longer does', async () => {
      const member = await createMember(t, orgA.id, 'organisationAdmin');
      const first = (await call('POST', '/api/user/apikey/regenerate', member.token)).json().data
        .apikey as string;
      expect(first).toMatch(/^bhk_[\w-]{32}$/);
      const viaKey = await t.app.inject({
        method: 'POST',
        url: '/api/user/list',
        headers: { 'x-api-key': first },
        payload: {},
      });
      expect(viaKey.statusCode).toBe(200);
      const second = (await call('POST', '/api/user/apikey/regenerate', member.token)).json().data
        .apikey as string;
      expect(second).not.toBe(first);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/abilities', headers: { 'x-api-key': first } }))
          .statusCode,
      ).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/abilities', headers: { apikey: second } }))
          .statusCode,
      ).toBe(200);
      const details = await call('POST', '/api/user/fetchUserDetails', member.token, { apikey: second });
      expect(details.json().data.user).toMatchObject({
        id: member.user.id,
        apikey: second.slice(0, 12),
        contractAgreed: false,
      });
      // At rest only the SHA-256 and the visible prefix; no later answer carries the key.
      const { rows } = await t.handle.executeSql(`SELECT * FROM users WHERE id = $1`, [member.user.id]);
      expect(JSON.stringify(rows)).not.toContain(second);
      expect(rows[0]).toMatchObject({
        apikey_hash: createHash('sha256').update(second).digest('hex'),
        apikey_prefix: second.slice(0, 12),
      });
      const later = [
        details,
        await call('GET', '/api/user/profile', member.token),
        await call('GET', '/api/user/check/', member.token),
        await call('POST', '/api/user/list', member.token, {}),
      ];
      for (const answer of later) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.body).not.toContain(second);
      }
      const foreign = await call('POST', '/api/user/fetchUserDetails', adminB.token, { apikey: second });
      expect(foreign.statusCode).toBe(404);
      const admin = await call('POST', '/api/user/fetchUserDetails', superAdmin.token, { apikey: second });
      expect(admin.json().data.user.apikey).toBeNull();
      expect(
        (await call('POST', '/api/user/fetchUserDetails', member.token, { apikey: 'bk_unknown' })).statusCode,
      ).toBe(404);
      expect((await call('POST', '/api/user/fetchUserDetails', member.token, {})).statusCode).toBe(400);
    });

    it('answers the caller’s abilities and page access from one rule set', async () => {
      const collaborator = await createMember(t, orgA.id, 'collaborator');
      const abilities = (await call('GET', '/api/user/abilities', collaborator.token)).json().data.abilities;
      expect(abilities).toMatchObject({
        canManageUsers: false,
        creatableRoles: [],
        canSeeAllOrganisations: false,
      });
      expect(abilities.pages).not.toContain('users');
      const adminAbilities = (await call('GET', '/api/user/abilities', adminA.token)).json().data.abilities;
      expect(adminAbilities.creatableRoles).toEqual([
        'collaborator',
        'lokSabhaTranslator',
        'rajyaSabhaTranslator',
      ]);
      expect(adminAbilities.canEditOwnOrganisation).toBe(true);
      const superAbilities = (await call('GET', '/api/user/abilities', superAdmin.token)).json().data
        .abilities;
      expect(superAbilities.pages).toContain('organisations');
      for (const page of ['users', 'organisations', 'projects']) {
        const res = await call('POST', '/api/user/access/verify', collaborator.token, { page });
        expect(res.json().data.allowed, page).toBe((abilities.pages as string[]).includes(page));
      }
      expect(
        (await call('POST', '/api/user/access/verify', collaborator.token, { page: 'nowhere' })).statusCode,
      ).toBe(400);
    });

    it('verifies project access: own organisation’s admins yes, foreign projects 404', async () => {
      const { rows } = await t.handle.executeSql(
        `INSERT INTO projects (organisation_id, name, base_url) VALUES ('${orgA.id}', 'Alpha site', 'https://alpha.in') RETURNING id`,
      );
      const projectId = rows[0]?.id as string;
      expect(
        (await call('POST', '/api/project/access/verify', adminA.token, { projectId })).json().data.allowed,
      ).toBe(true);
      expect((await call('POST', '/api/project/access/verify', adminB.token, { projectId })).statusCode).toBe(
        404,
      );
      const collaborator = await createMember(t, orgA.id, 'collaborator');
      expect(
        (await call('POST', '/api/project/access/verify', collaborator.token, { projectId })).json().data
          .allowed,
      ).toBe(false);
      expect(
        (await call('POST', '/api/project/access/verify', adminA.token, { projectId: 'x' })).statusCode,
      ).toBe(400);
    });

    it('lists delivery managers and collaborators without foreign rows', async () => {
      const dms = usersOf(
        await call('GET', '/api/user/delivery-manager/list', adminA.token),
        'deliveryManagers',
      );
      expect(dms.map((u) => u.email)).toContain('dm-one@bhasha.in');
      const collaborators = usersOf(
        await call('GET', '/api/user/collaborator/list', adminA.token),
        'collaborators',
      );
      expect(collaborators.length).toBeGreaterThan(0);
      expect(collaborators.every((u) => u.organisationId === orgA.id && u.role === 'collaborator')).toBe(
        true,
      );
    });
  });
});

describe('the first super admin', () => {
  it('is created once when web processes start together, and neither start fails', async () => {
    const t = await buildTestApp();
    try {
      const created = await Promise.all([
        t.services.users.ensureFirstSuperAdmin('first@bhasha.example.in', 'first password'),
        t.services.users.ensureFirstSuperAdmin('first@bhasha.example.in', 'first password'),
      ]);
      expect(created.sort()).toEqual([false, true]);
      const admins = await t.handle.executeSql(`SELECT email FROM users WHERE role = 'superAdmin'`);
      expect(admins.rows).toEqual([{ email: 'first@bhasha.example.in' }]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
