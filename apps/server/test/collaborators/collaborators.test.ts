import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLABORATOR_MESSAGES, ROLES } from '@bhasha/contract';
import { authHeaders, buildTestApp, type TestApp } from '../support/test-app';
import { createMember, createOrganisation } from '../users/tenancy-fixtures';

type Headers = Record<string, string>;
interface Domain {
  id: string;
  hostname: string;
}
interface Project {
  id: string;
  domains: Domain[];
}

/*
 * Collaborator assignment (spec §6, §7 "Multi-domain"): assigning to a project or some of its
 * domains, listing and removing, and what an assigned collaborator then sees.
 */
describe('collaborator assignment', () => {
  let t: TestApp;
  let admin: Headers;
  let foreignAdmin: Headers;
  let collaborator: { id: string; headers: Headers };
  let otherCollaborator: { id: string; headers: Headers };
  let foreignCollaboratorId: string;
  let translatorId: string;
  let inactiveCollaboratorId: string;
  let multi: Project;
  let single: Project;
  let foreignProject: Project;

  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  async function member(organisationId: string, role: (typeof ROLES)[keyof typeof ROLES], status?: string) {
    const { user, token } = await createMember(t, organisationId, role, status ? { status } : {});
    return { id: user.id, headers: authHeaders(token) };
  }

  async function createProject(headers: Headers, origins: string[]): Promise<Project> {
    const res = await post('/project/new/multiOrigin', headers, { origins, targetLanguages: ['hi'] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.project as Project;
  }

  const projectIds = (res: { json(): unknown }) =>
    (res.json() as { data: { projectList: Array<{ id: string }> } }).data.projectList.map((p) => p.id);
  const assignmentOf = (res: { json(): unknown }) =>
    (res.json() as { data: { assignment: { allDomains: boolean; domains: Domain[] } } }).data.assignment;

  const assignedList = async (headers: Headers, projectId: string) => {
    const res = await post('/domains/getCollaboratorAssignedList', headers, { projectId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      collaborators: Array<{ userId: string; allDomains: boolean; domains: Domain[]; email: string }>;
      total: number;
    };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const orgA = await createOrganisation(t, { name: 'Assign Alpha', parliamentWorkspace: true });
    const orgB = await createOrganisation(t, { name: 'Assign Beta' });
    admin = (await member(orgA.id, ROLES.organisationAdmin)).headers;
    foreignAdmin = (await member(orgB.id, ROLES.organisationAdmin)).headers;
    collaborator = await member(orgA.id, ROLES.collaborator);
    otherCollaborator = await member(orgA.id, ROLES.collaborator);
    foreignCollaboratorId = (await member(orgB.id, ROLES.collaborator)).id;
    translatorId = (await member(orgA.id, ROLES.lokSabhaTranslator)).id;
    inactiveCollaboratorId = (await member(orgA.id, ROLES.collaborator, 'inactive')).id;
    multi = await createProject(admin, [
      'https://www.assign-multi.in',
      'https://hi.assign-multi.in',
      'https://mr.assign-multi.in',
    ]);
    single = await createProject(admin, ['https://assign-single.in']);
    foreignProject = await createProject(foreignAdmin, ['https://assign-foreign.in']);
  }, 120_000);
  afterAll(() => t.close());

  it('shows a collaborator no project until one is assigned, then only that one', async () => {
    const before = await post('/project', collaborator.headers, {});
    expect(before.json().data).toMatchObject({ projectList: [], totalProjects: 0 });
    expect((await post('/project/details', collaborator.headers, { projectId: single.id })).statusCode).toBe(
      404,
    );

    const assigned = await post('/domains/assignColloborator', admin, {
      projectId: single.id,
      userId: collaborator.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      success: true,
      message: COLLABORATOR_MESSAGES.assigned,
      data: { assignment: { userId: collaborator.id, projectId: single.id, allDomains: true, domains: [] } },
    });

    const after = await post('/project', collaborator.headers, {});
    expect(after.json().data.totalProjects).toBe(1);
    expect(projectIds(after)).toEqual([single.id]);
    expect((await post('/project/details', collaborator.headers, { projectId: single.id })).statusCode).toBe(
      200,
    );
    expect((await post('/project/stats', collaborator.headers, { projectId: multi.id })).statusCode).toBe(
      404,
    );
    const scope = await t.app.inject({
      method: 'GET',
      url: `/api/scope/urls/${multi.id}`,
      headers: collaborator.headers,
    });
    expect(scope.statusCode).toBe(404);
  });

  it('answers project/access/verify from the same rule', async () => {
    const open = await post('/project/access/verify', collaborator.headers, { projectId: single.id });
    expect(open.json().data).toEqual({ allowed: true });
    const closed = await post('/project/access/verify', otherCollaborator.headers, { projectId: single.id });
    expect(closed.json().data).toEqual({ allowed: false });
    const foreign = await post('/project/access/verify', collaborator.headers, {
      projectId: foreignProject.id,
    });
    expect(foreign.statusCode).toBe(404);
    const adminOpen = await post('/project/access/verify', admin, { projectId: multi.id });
    expect(adminOpen.json().data).toEqual({ allowed: true });
  });

  it('assigns to some domains of a multi-domain project and removes domain by domain', async () => {
    const [www, hi, mr] = multi.domains;
    const res = await post('/domains/assignColloborator', admin, {
      projectId: multi.id,
      userId: otherCollaborator.id,
      domainIds: [hi!.id, mr!.id, hi!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const assignment = assignmentOf(res);
    expect(assignment.allDomains).toBe(false);
    expect(assignment.domains.map((d) => d.hostname).sort()).toEqual([
      'hi.assign-multi.in',
      'mr.assign-multi.in',
    ]);

    // Seen through the project list: a domain assignment opens the project.
    const projects = await post('/project', otherCollaborator.headers, {});
    expect(projectIds(projects)).toEqual([multi.id]);

    const removeOne = await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: otherCollaborator.id,
      domainId: hi!.id,
    });
    expect(removeOne.statusCode, removeOne.body).toBe(200);
    expect(removeOne.json().message).toBe(COLLABORATOR_MESSAGES.removed);
    expect(removeOne.json().data.assignment.domains).toEqual([
      { id: mr!.id, hostname: 'mr.assign-multi.in' },
    ]);

    const notAssignedDomain = await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: otherCollaborator.id,
      domainId: www!.id,
    });
    expect(notAssignedDomain.statusCode).toBe(400);
    expect(notAssignedDomain.json().data).toEqual([COLLABORATOR_MESSAGES.notAssignedToDomain]);

    // The last domain removed: the assignment goes, and the project with it.
    const removeLast = await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: otherCollaborator.id,
      domainId: mr!.id,
    });
    expect(removeLast.json().data.assignment).toBeNull();
    expect((await post('/project', otherCollaborator.headers, {})).json().data.totalProjects).toBe(0);
    expect((await assignedList(admin, multi.id)).total).toBe(0);
  });

  it('turns an every-domain assignment into the others when one domain is removed', async () => {
    await post('/domains/assignColloborator', admin, { projectId: multi.id, userId: collaborator.id });
    const [www, hi, mr] = multi.domains;
    const res = await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: collaborator.id,
      domainId: www!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.assignment).toMatchObject({ allDomains: false });
    expect(
      assignmentOf(res)
        .domains.map((d) => d.id)
        .sort(),
    ).toEqual([hi!.id, mr!.id].sort());
    // Removing from the project entirely.
    const all = await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: collaborator.id,
    });
    expect(all.json().data).toEqual({ projectId: multi.id, userId: collaborator.id, assignment: null });
    const again = await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: collaborator.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('lists assignments: managers see everyone, a collaborator only itself', async () => {
    await post('/domains/assignColloborator', admin, { projectId: single.id, userId: otherCollaborator.id });
    const forAdmin = await assignedList(admin, single.id);
    expect(forAdmin.total).toBe(2);
    expect(forAdmin.collaborators.map((c) => c.userId).sort()).toEqual(
      [collaborator.id, otherCollaborator.id].sort(),
    );
    expect(JSON.stringify(forAdmin)).not.toMatch(/passwordHash|apikey|tokenVersion/);
    const forCollaborator = await assignedList(collaborator.headers, single.id);
    expect(forCollaborator.collaborators.map((c) => c.userId)).toEqual([collaborator.id]);
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ projectId: 'nope', userId: collaborator.id }, 'Please select a valid project'],
      [{ projectId: single.id }, COLLABORATOR_MESSAGES.userIdInvalid],
      [
        { projectId: single.id, userId: collaborator.id, domainIds: ['x'] },
        COLLABORATOR_MESSAGES.domainIdInvalid,
      ],
      [{ projectId: single.id, userId: translatorId }, COLLABORATOR_MESSAGES.notACollaborator],
      [{ projectId: single.id, userId: inactiveCollaboratorId }, COLLABORATOR_MESSAGES.collaboratorInactive],
      [
        { projectId: single.id, userId: collaborator.id, domainIds: [multi.domains[0]!.id] },
        COLLABORATOR_MESSAGES.domainNotInProject,
      ],
    ];
    const before = await assignedList(admin, single.id);
    for (const [payload, message] of cases) {
      const res = await post('/domains/assignColloborator', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, type: 'VALIDATION_ERROR' });
      expect(res.json().data).toContain(message);
    }
    expect(await assignedList(admin, single.id)).toEqual(before);
  });

  it('answers 404 across organisations and to unassigned collaborators', async () => {
    // A foreign admin naming A's project, and A's admin naming B's project or B's collaborator.
    const foreignCalls = [
      post('/domains/assignColloborator', foreignAdmin, { projectId: single.id, userId: collaborator.id }),
      post('/domains/getCollaboratorAssignedList', foreignAdmin, { projectId: single.id }),
      post('/domains/onMultiDomainColloboratorDelete', foreignAdmin, {
        projectId: single.id,
        userId: collaborator.id,
      }),
      post('/domains/assignColloborator', admin, { projectId: foreignProject.id, userId: collaborator.id }),
      post('/domains/assignColloborator', admin, { projectId: single.id, userId: foreignCollaboratorId }),
    ];
    for (const res of await Promise.all(foreignCalls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(collaborator.id);
    }
    // An unassigned collaborator: the project does not exist for it.
    await post('/domains/onMultiDomainColloboratorDelete', admin, {
      projectId: multi.id,
      userId: collaborator.id,
    });
    const unassigned = await post('/domains/getCollaboratorAssignedList', collaborator.headers, {
      projectId: multi.id,
    });
    expect(unassigned.statusCode).toBe(404);
    // Collaborators cannot assign anyone, even on their own project.
    const selfAssign = await post('/domains/assignColloborator', collaborator.headers, {
      projectId: single.id,
      userId: otherCollaborator.id,
    });
    expect(selfAssign.statusCode).toBe(403);
    expect((await assignedList(admin, single.id)).total).toBe(2);
  });

  it('tells the dashboard who may assign, and keeps free-plan sections out of the free admin', async () => {
    const abilitiesOf = async (headers: Headers) =>
      (await t.app.inject({ method: 'GET', url: '/api/user/abilities', headers })).json<{
        data: { abilities: { canAssignCollaborators: boolean; pages: string[] } };
      }>().data.abilities;
    expect((await abilitiesOf(admin)).canAssignCollaborators).toBe(true);
    expect((await abilitiesOf(collaborator.headers)).canAssignCollaborators).toBe(false);
    const freeOrganisation = await createOrganisation(t, { plan: 'free' });
    const free = await abilitiesOf((await member(freeOrganisation.id, ROLES.freeOrgAdmin)).headers);
    expect(free.canAssignCollaborators).toBe(true);
    expect(free.pages).toContain('users');
    for (const page of ['apiTranslation', 'files', 'humanTranslation', 'domains'])
      expect(free.pages).not.toContain(page);
  });

  it('forgets domain assignments when the domain is deleted, never widening them', async () => {
    const [, hi] = multi.domains;
    await post('/domains/assignColloborator', admin, {
      projectId: multi.id,
      userId: collaborator.id,
      domainIds: [hi!.id],
    });
    const deleted = await post('/project/deleteDomain', admin, { projectId: multi.id, domainId: hi!.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const list = await assignedList(admin, multi.id);
    expect(list.collaborators).toEqual([
      expect.objectContaining({ userId: collaborator.id, allDomains: false, domains: [] }),
    ]);
  });
});
