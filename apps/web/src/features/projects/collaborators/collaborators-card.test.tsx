import { type CollaboratorAssignment } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../../test/fake-server';
import { buildCrawlInfo, buildProject, buildProjectStats } from '../../../test/project-fixtures';
import { renderApp } from '../../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects', 'users'], {
  creatableRoles: ['collaborator'],
  canManageUsers: true,
  canEditOwnOrganisation: true,
  canAssignCollaborators: true,
});

const PROJECT = buildProject(['www.ministry.in', 'hi.ministry.in'], { targetLanguages: ['hi'] });

const RAVI: CollaboratorAssignment = {
  userId: 'c1',
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  status: 'active',
  projectId: 'p1',
  allDomains: false,
  domains: [{ id: 'd2', hostname: 'hi.ministry.in' }],
  assignedAt: '2026-01-02T00:00:00.000Z',
};

const summary = (id: string, name: string, email: string) => ({
  id,
  name,
  email,
  phone: null,
  role: 'collaborator',
  status: 'active',
  organisationId: 'o1',
  organisationName: 'Ministry',
  nmtEnabled: true,
  categories: [],
  createdAt: '2026-01-01T00:00:00.000Z',
});

function startServer(abilities: Record<string, unknown> = ABILITIES) {
  let assigned: CollaboratorAssignment[] = [RAVI];
  const server = installFakeServer({
    ...signedInRoutes(abilities),
    'POST /api/project/details': () => ok({ project: PROJECT }),
    'POST /api/scope/crawl/last': () => ok(buildCrawlInfo()),
    'POST /api/project/stats': () => ok({ stat: buildProjectStats() }),
    'GET /api/user/collaborator/list': () =>
      ok({
        collaborators: [
          summary('c1', 'Ravi Kumar', 'ravi@example.com'),
          summary('c2', 'Meera Nair', 'meera@example.com'),
        ],
      }),
    'POST /api/domains/getCollaboratorAssignedList': () =>
      ok({ collaborators: assigned, total: assigned.length }),
    'POST /api/domains/assignColloborator': (body) => {
      const { userId } = body as { userId: string };
      const assignment = {
        ...RAVI,
        userId,
        name: 'Meera Nair',
        email: 'meera@example.com',
        allDomains: true,
        domains: [],
      };
      assigned = [...assigned, assignment];
      return ok({ assignment }, 'Collaborator assigned successfully');
    },
    'POST /api/domains/onMultiDomainColloboratorDelete': (body) => {
      const { userId } = body as { userId: string };
      assigned = assigned.filter((a) => a.userId !== userId);
      return ok({ projectId: 'p1', userId, assignment: null });
    },
  });
  return server;
}

describe('project collaborators', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('lists assigned collaborators with their domains', async () => {
    startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('collaborators-card', {}, { timeout: 20_000 });
    expect(await within(card).findByText('Ravi Kumar')).toBeTruthy();
    expect(within(card).getByText('hi.ministry.in')).toBeTruthy();
    expect(within(card).getByTestId('collaborator-assign-open')).toBeTruthy();
  });

  it('assigns a collaborator to every domain', async () => {
    const server = startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('collaborators-card', {}, { timeout: 20_000 });
    await within(card).findByText('Ravi Kumar');
    fireEvent.click(within(card).getByTestId('collaborator-assign-open'));
    const select = await screen.findByTestId('collaborator-select');
    const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
    fireEvent.mouseDown(input);
    // Ravi is already assigned: only Meera is offered.
    const option = await screen.findByTitle('Meera Nair <meera@example.com>');
    expect(screen.queryByTitle('Ravi Kumar <ravi@example.com>')).toBeNull();
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('collaborator-assign-submit'));
    await waitFor(() => expect(server.callsTo('POST /api/domains/assignColloborator')).toHaveLength(1));
    expect(server.callsTo('POST /api/domains/assignColloborator')[0]!.body).toEqual({
      projectId: 'p1',
      userId: 'c2',
      domainIds: [],
    });
    expect(await within(card).findByText('Meera Nair')).toBeTruthy();
  });

  it('removes a collaborator after confirmation', async () => {
    const server = startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('collaborators-card', {}, { timeout: 20_000 });
    await within(card).findByText('Ravi Kumar');
    fireEvent.click(within(card).getByTestId('collaborator-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(server.callsTo('POST /api/domains/onMultiDomainColloboratorDelete')[0]?.body).toEqual({
        projectId: 'p1',
        userId: 'c1',
      }),
    );
    await waitFor(() => expect(within(card).queryByText('Ravi Kumar')).toBeNull());
  });

  it('offers no assignment to callers the server does not let assign', async () => {
    startServer({ ...ABILITIES, canAssignCollaborators: false });
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('collaborators-card', {}, { timeout: 20_000 });
    await within(card).findByText('Ravi Kumar');
    expect(within(card).queryByTestId('collaborator-assign-open')).toBeNull();
    expect(within(card).queryByTestId('collaborator-remove')).toBeNull();
  });
});
