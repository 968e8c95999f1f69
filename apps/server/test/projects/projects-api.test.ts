import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCollaborators } from '@bhasha/db';
import { ERROR_MESSAGES, PROJECT_MESSAGES, SUCCESS_MESSAGES } from '@bhasha/contract';
import { createProjectsRepository } from '../../src/modules/projects/projects.repository';
import { buildCrawlTestApp, type CrawlTestApp } from '../crawl/support/crawl-test-app';

type Headers = Record<string, string>;

describe('website projects', () => {
  let t: CrawlTestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let organisationId: string;
  let collaborator: { headers: Headers; userId: string };

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation('Org A');
    organisationId = organisation.id;
    admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
    const other = await t.createOrganisation('Org B');
    otherAdmin = (await t.createMember('organisationAdmin', other.id)).headers;
    const member = await t.createMember('collaborator', organisation.id);
    collaborator = { headers: member.headers, userId: member.user.id };
  });
  afterAll(async () => t.close());

  function post(url: string, headers: Headers, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }

  async function create(headers: Headers, payload: object) {
    const response = await post('/project/new', headers, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.project as {
      id: string;
      status: string;
      domains: Array<{ id: string; hostname: string; isPrimary: boolean }>;
    };
  }

  it('creates a website project with its primary domain, in partialCreated', async () => {
    const project = await create(admin, {
      baseUrl: 'www.example-one.in',
      targetLanguages: ['hi', 'mr', 'hi'],
    });
    expect(project).toMatchObject({
      status: 'partialCreated',
      baseUrl: 'https://www.example-one.in/',
      targetLanguages: ['hi', 'mr'],
      type: 'website',
      scopeType: 'autoCrawl',
    });
    expect(project.domains).toEqual([
      expect.objectContaining({ hostname: 'www.example-one.in', isPrimary: true }),
    ]);
  });

  it('validates with the spec messages', async () => {
    const badUrl = await post('/project/new', admin, { baseUrl: 'not a url', targetLanguages: ['hi'] });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().data).toContain('Please enter valid URL');
    const noLanguages = await post('/project/new', admin, {
      baseUrl: 'https://example.in',
      targetLanguages: [],
    });
    expect(noLanguages.json().data).toContain('Please select atleast one language');
    const noUrl = await post('/project/new', admin, { targetLanguages: ['hi'] });
    expect(noUrl.statusCode).toBe(400);
    const notUuid = await post('/project/details', admin, { projectId: '42' });
    expect(notUuid.statusCode).toBe(400);
  });

  it('lists with search, filters and pages, inside the organisation only', async () => {
    await create(admin, {
      baseUrl: 'https://list-a.example.in',
      targetLanguages: ['hi'],
      name: 'Alpha site',
    });
    await create(admin, {
      baseUrl: 'https://list-b.example.in',
      targetLanguages: ['hi'],
      name: 'Beta 100%_site',
    });
    // A mobile project row as the create flow writes it (no base URL), for the list's type filter.
    await createProjectsRepository(t.handle.db).insert({
      organisationId,
      name: 'Alpha app',
      type: 'mob',
      baseUrl: '',
      sourceLanguage: 'en',
      targetLanguages: ['ta'],
      scopeType: 'autoCrawl',
      status: 'partialCreated',
    });
    await create(otherAdmin, {
      baseUrl: 'https://foreign.example.in',
      targetLanguages: ['hi'],
      name: 'Alpha foreign',
    });

    const alpha = (await post('/project', admin, { searchText: 'alpha' })).json<{
      data: { projectList: Array<{ name: string }> };
    }>().data;
    expect(alpha.projectList.map((p) => p.name).sort()).toEqual(['Alpha app', 'Alpha site']);
    const literal = (await post('/project', admin, { searchText: '100%_' })).json().data;
    expect(literal.totalProjects).toBe(1);
    const mobile = (await post('/project', admin, { type: 'mob' })).json().data;
    expect(mobile.projectList).toHaveLength(1);
    const page = (await post('/project', admin, { pageNumber: 2, pageSize: 2 })).json().data;
    expect(page.projectList).toHaveLength(2);
    expect(page.totalProjects).toBe(4);
    // A page past the end has no row to carry the total: it is still the whole count.
    const beyond = (await post('/project', admin, { pageNumber: 5, pageSize: 2 })).json().data;
    expect(beyond.projectList).toHaveLength(0);
    expect(beyond.totalProjects).toBe(4);
    const byStatus = (await post('/project', admin, { status: 'crawling' })).json().data;
    expect(byStatus.totalProjects).toBe(0);
  });

  it('answers 404 for another organisation’s project on every call', async () => {
    const foreign = await create(otherAdmin, {
      baseUrl: 'https://secret.example.in',
      targetLanguages: ['hi'],
    });
    for (const [url, payload] of [
      ['/project/details', { projectId: foreign.id }],
      ['/project/update', { projectId: foreign.id, name: 'x' }],
      ['/project/delete', { projectId: foreign.id, keepTm: true }],
      ['/project/stats', { projectId: foreign.id }],
      ['/project/crawl', { projectId: foreign.id }],
      ['/scope/crawl/last', { projectId: foreign.id }],
      ['/scope/add', { projectId: foreign.id, urls: ['https://secret.example.in/a'] }],
      ['/project/addNewDomain', { projectId: foreign.id, url: 'https://x.example.in' }],
    ] as const) {
      const response = await post(url, admin, payload);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/project/wordcount/${foreign.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/scope/${foreign.id}/1/10`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it('shows collaborators only their assigned projects and lets them change no setup', async () => {
    const assigned = await create(admin, {
      baseUrl: 'https://assigned.example.in',
      targetLanguages: ['hi'],
      name: 'Assigned',
    });
    await t.handle.db
      .insert(projectCollaborators)
      .values({ projectId: assigned.id, userId: collaborator.userId, organisationId });
    const list = (await post('/project', collaborator.headers, {})).json<{
      data: { projectList: Array<{ name: string }> };
    }>().data;
    expect(list.projectList.map((p) => p.name)).toEqual(['Assigned']);
    expect(
      (await post('/project/details', collaborator.headers, { projectId: assigned.id })).statusCode,
    ).toBe(200);
    expect(
      (await post('/project/delete', collaborator.headers, { projectId: assigned.id, keepTm: false }))
        .statusCode,
    ).toBe(403);
    const unassigned = await create(admin, {
      baseUrl: 'https://unassigned.example.in',
      targetLanguages: ['hi'],
    });
    expect(
      (await post('/project/details', collaborator.headers, { projectId: unassigned.id })).statusCode,
    ).toBe(404);
  });

  it('moves the status only along the machine; failures answer the spec text', async () => {
    const project = await create(admin, { baseUrl: 'https://status.example.in', targetLanguages: ['hi'] });
    const invalid = await post('/project/update', admin, {
      projectId: project.id,
      status: 'translationCompleted',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(ERROR_MESSAGES.projectUpdationFailed);
    const valid = await post('/project/update', admin, {
      projectId: project.id,
      status: 'processing',
      name: 'Renamed',
    });
    expect(valid.json().data.project).toMatchObject({ status: 'processing', name: 'Renamed' });
  });

  it('adds and deletes domains; failures carry the status field', async () => {
    const response = await post('/project/new/multiOrigin', admin, {
      origins: ['https://multi.example.in', 'https://hi.multi.example.in', 'https://multi.example.in/other'],
      targetLanguages: ['hi'],
    });
    const project = response.json<{
      data: { project: { id: string; domains: Array<{ hostname: string }> } };
    }>().data.project;
    expect(project.domains.map((d) => d.hostname)).toEqual(['multi.example.in', 'hi.multi.example.in']);
    const added = await post('/project/addNewDomain', admin, {
      projectId: project.id,
      url: 'https://mr.multi.example.in',
    });
    expect(added.json().data.domains).toHaveLength(3);
    const again = await post('/project/addNewDomain', admin, {
      projectId: project.id,
      url: 'https://mr.multi.example.in/x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe(again.json().message);
    const primary = await post('/project/deleteDomain', admin, {
      projectId: project.id,
      hostname: 'multi.example.in',
    });
    expect(primary.statusCode).toBe(400);
    expect(primary.json().status).toBeTruthy();
    const removed = await post('/project/deleteDomain', admin, {
      projectId: project.id,
      hostname: 'mr.multi.example.in',
    });
    expect(removed.json().data.domains).toHaveLength(2);
  });

  it('switches cache and meta settings by key', async () => {
    const project = await create(admin, { baseUrl: 'https://flags.example.in', targetLanguages: ['hi'] });
    const cache = await post('/project/cache/update', admin, {
      projectId: project.id,
      key: 'cache',
      status: true,
    });
    expect(cache.json().data.project).toMatchObject({ cache: true, flags: { 'cache.cache': true } });
    const meta = await post('/project/meta/update', admin, {
      projectId: project.id,
      key: 'description',
      status: false,
    });
    expect(meta.json().data.project.flags).toMatchObject({ 'meta.description': false });
  });

  it('reports the cache and meta switches as delivery applies them: on until switched off', async () => {
    const project = await create(admin, { baseUrl: 'https://defaults.example.in', targetLanguages: ['hi'] });
    // The proxy caches and translates meta tags unless told otherwise; the settings screen must say so.
    const details = await post('/project/details', admin, { projectId: project.id });
    expect(details.json().data.project).toMatchObject({ cache: true, meta: true, flags: {} });
    const off = await post('/project/cache/update', admin, {
      projectId: project.id,
      key: 'cache',
      status: false,
    });
    expect(off.json().data.project).toMatchObject({ cache: false, meta: true });
  });

  it('finds the project id of a website and reports zero word counts before a crawl', async () => {
    const project = await create(admin, {
      baseUrl: 'https://find-me.example.in/start',
      targetLanguages: ['hi'],
    });
    const found = await post('/project/fetchProjectId', admin, { url: 'find-me.example.in' });
    expect(found.json().data.projectId).toBe(project.id);
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/project/wordcount/${project.id}`,
      headers: admin,
    });
    expect(counts.json().data).toMatchObject({
      sourceWordCount: 0,
      uniqueWordCount: 0,
      newContentWordCount: 0,
      updating: false,
    });
    const last = await post('/scope/crawl/last', admin, { projectId: project.id });
    expect(last.json().data).toMatchObject({
      status: 'INACTIVE',
      lastProcessedUrl: 'https://find-me.example.in/start',
      parsedUrls: 0,
    });
  });

  it('deletes in the background with the spec message', async () => {
    const project = await create(admin, { baseUrl: 'https://delete-me.example.in', targetLanguages: ['hi'] });
    const response = await post('/project/delete', admin, { projectId: project.id, keepTm: false });
    expect(response.json()).toMatchObject({
      success: true,
      message: SUCCESS_MESSAGES.projectDeleteRequested,
      data: { keepTm: false },
    });
    expect((await post('/project/details', admin, { projectId: project.id })).statusCode).toBe(404);
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await t.handle.executeSql(`SELECT id FROM projects WHERE id = $1`, [project.id]);
      if (rows.length === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the project was not removed');
  });

  it('limits a free organisation to one website project and one language', async () => {
    const free = await t.createOrganisation('Free Org');
    const { headers } = await t.createMember('freeOrgAdmin', free.id);
    const twoLanguages = await post('/project/new', headers, {
      baseUrl: 'https://free.example.in',
      targetLanguages: ['hi', 'mr'],
    });
    expect(twoLanguages.statusCode).toBe(400);
    await create(headers, { baseUrl: 'https://free.example.in', targetLanguages: ['hi'] });
    expect(
      (await post('/project/new', headers, { baseUrl: 'https://free2.example.in', targetLanguages: ['hi'] }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses project types that have not landed yet, creating nothing', async () => {
    const countProjects = async () =>
      (await t.handle.executeSql('SELECT count(*)::int AS n FROM projects')).rows[0]?.n as number;
    const before = await countProjects();
    for (const type of ['api', 'document']) {
      const res = await post('/project/new', admin, {
        type,
        baseUrl: 'https://app.example.in',
        targetLanguages: ['hi'],
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        data: [PROJECT_MESSAGES.typeNotAvailable],
      });
    }
    expect(await countProjects()).toBe(before);
  });

  it('says before any form whether the caller may create a project, and why not', async () => {
    const gate = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/api/user/abilities', headers })).json().data.abilities
        .projectCreation as { allowed: boolean; reason: string | null; types: unknown[] };
    const adminGate = await gate(admin);
    expect(adminGate).toMatchObject({ allowed: true, reason: null });
    expect(adminGate.types).toEqual([
      { type: 'website', available: true },
      { type: 'mob', available: true },
      { type: 'api', available: false },
      { type: 'document', available: false },
    ]);
    expect(await gate(collaborator.headers)).toMatchObject({
      allowed: false,
      reason: PROJECT_MESSAGES.creationNotForRole,
    });
    const superAdmin = await t.createMember('superAdmin', null);
    expect(await gate(superAdmin.headers)).toMatchObject({
      allowed: false,
      reason: PROJECT_MESSAGES.creationNeedsOrganisation,
    });
    // The create call refuses with the same words the wizard shows.
    const refused = await post('/project/new', superAdmin.headers, {
      baseUrl: 'https://super.example.in',
      targetLanguages: ['hi'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PROJECT_MESSAGES.creationNeedsOrganisation);
    const free = await t.createOrganisation('Free Gate Org');
    const freeAdmin = await t.createMember('freeOrgAdmin', free.id);
    expect(await gate(freeAdmin.headers)).toMatchObject({ allowed: true });
    await create(freeAdmin.headers, { baseUrl: 'https://gate.example.in', targetLanguages: ['hi'] });
    expect(await gate(freeAdmin.headers)).toMatchObject({
      allowed: false,
      reason: PROJECT_MESSAGES.freePlanOneProject,
    });
  });

  it('answers the organisation’s name and its first steps for the dashboard home', async () => {
    const fresh = await t.createOrganisation('Fresh Steps Org');
    const member = await t.createMember('organisationAdmin', fresh.id);
    const progress = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/api/organisation/progress', headers })).json().data
        .progress;
    expect(await progress(member.headers)).toEqual({
      organisationName: 'Fresh Steps Org',
      hasProject: false,
      hasContent: false,
      hasTranslations: false,
      hasVisits: false,
    });
    await create(member.headers, { baseUrl: 'https://steps.example.in', targetLanguages: ['hi'] });
    expect(await progress(member.headers)).toMatchObject({ hasProject: true, hasContent: false });
    // Another organisation's work never counts.
    const neighbour = await t.createOrganisation('Neighbour Steps Org');
    const neighbourAdmin = await t.createMember('organisationAdmin', neighbour.id);
    expect(await progress(neighbourAdmin.headers)).toMatchObject({
      organisationName: 'Neighbour Steps Org',
      hasProject: false,
    });
    const superAdmin = await t.createMember('superAdmin', null);
    expect(await progress(superAdmin.headers)).toMatchObject({ organisationName: null, hasProject: false });
  });
});
