import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES, VALIDATION_MESSAGES } from '@bhasha/contract';
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { createMember, createOrganisation } from './tenancy-fixtures';

describe('organisations (spec §7 "Organisations")', () => {
  const clock = createTestClock();
  let t: TestApp;
  let orgA: { id: string };
  let orgB: { id: string };
  let adminA: Awaited<ReturnType<typeof createMember>>;
  let superAdmin: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    orgA = await createOrganisation(t, { name: 'Alpha Media' });
    orgB = await createOrganisation(t, { name: 'Beta Books', plan: 'free' });
    adminA = await createMember(t, orgA.id, 'organisationAdmin');
    await createMember(t, orgA.id, 'collaborator');
    superAdmin = await createMember(t, null, 'superAdmin');
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: authHeaders(token, clock.now()),
    });

  it('lists organisations for the super admin with search and pagination; others are refused', async () => {
    const res = await post('/api/organisation/list', superAdmin.token, { page: 1, pageSize: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.totalOrganisations).toBe(2);
    expect((res.json().data.organisations as { name: string }[]).map((o) => o.name).sort()).toEqual([
      'Alpha Media',
      'Beta Books',
    ]);
    const search = await post('/api/organisation/list', superAdmin.token, { search: 'beta' });
    expect(search.json().data.organisations).toEqual([
      expect.objectContaining({ id: orgB.id, plan: 'free' }),
    ]);
    const page = await post('/api/organisation/list', superAdmin.token, { page: 2, pageSize: 1 });
    expect(page.json().data.organisations).toHaveLength(1);
    expect((await post('/api/organisation/list', adminA.token)).statusCode).toBe(403);
    expect((await post('/api/organisation/all', adminA.token)).statusCode).toBe(403);
    const all = await post('/api/organisation/all', superAdmin.token);
    expect(all.json().data.organisations).toEqual([
      { id: orgA.id, name: 'Alpha Media' },
      { id: orgB.id, name: 'Beta Books' },
    ]);
  });

  it('answers details with the plan summary to its own admin; another organisation is 404', async () => {
    const res = await post('/api/organisation/details', adminA.token, { organisationId: orgA.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      organisation: { id: orgA.id, name: 'Alpha Media', plan: 'paid' },
      planSummary: { plan: 'paid', parliamentWorkspace: false, maxCollaborators: null, userCount: 2 },
    });
    expect(
      (await post('/api/organisation/details', adminA.token, { organisationId: orgB.id })).statusCode,
    ).toBe(404);
    const free = await post('/api/organisation/details', superAdmin.token, { organisationId: orgB.id });
    expect(free.json().data.planSummary.maxCollaborators).toBe(2);
    expect(
      (await post('/api/organisation/details', adminA.token, { organisationId: 'nope' })).statusCode,
    ).toBe(400);
  });

  it('lets an admin edit its own organisation’s name, website and details but not its plan', async () => {
    const res = await post('/api/organisation/edit', adminA.token, {
      organisationId: orgA.id,
      editObject: { name: 'Alpha Media Group', website: 'www.alpha.in', details: 'News in 12 languages' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ORGANISATION_MESSAGES.updated,
      data: {
        organisation: {
          name: 'Alpha Media Group',
          website: 'https://www.alpha.in',
          details: 'News in 12 languages',
        },
      },
    });
    const plan = await post('/api/organisation/edit', adminA.token, {
      organisationId: orgA.id,
      editObject: { plan: 'free' },
    });
    expect(plan.statusCode).toBe(403);
    const foreign = await post('/api/organisation/edit', adminA.token, {
      organisationId: orgB.id,
      editObject: { name: 'Owned' },
    });
    expect(foreign.statusCode).toBe(404);
    const badUrl = await post('/api/organisation/edit', adminA.token, {
      organisationId: orgA.id,
      editObject: { website: 'javascript:alert(1)' },
    });
    expect(badUrl.json().data).toContain(VALIDATION_MESSAGES.urlInvalid);
    const emptyName = await post('/api/organisation/edit', adminA.token, {
      organisationId: orgA.id,
      editObject: { name: ' ' },
    });
    expect(emptyName.json().data).toContain(ORGANISATION_MESSAGES.nameRequired);
    const { rows } = await t.handle.executeSql(
      `SELECT name, plan FROM organisations WHERE id = '${orgB.id}'`,
    );
    expect(rows[0]).toEqual({ name: 'Beta Books', plan: 'free' });
  });

  it('lets the super admin change the plan and the parliament workspace', async () => {
    const res = await post('/api/organisation/edit', superAdmin.token, {
      organisationId: orgB.id,
      editObject: { plan: 'paid', parliamentWorkspace: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.organisation).toMatchObject({ plan: 'paid', parliamentWorkspace: true });
  });
});
