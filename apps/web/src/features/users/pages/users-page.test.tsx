import { USER_MESSAGES, type UserSummary } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects', 'users', 'organisations'], {
  creatableRoles: ['collaborator'],
  canManageUsers: true,
  canEditOwnOrganisation: true,
});

function member(id: string, name: string, status: 'active' | 'inactive' = 'active'): UserSummary {
  return {
    id,
    name,
    email: `${id}@example.com`,
    phone: null,
    role: 'collaborator',
    status,
    organisationId: 'o1',
    organisationName: 'Asha Media',
    nmtEnabled: true,
    categories: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function startServer(overrides: Record<string, Parameters<typeof installFakeServer>[0][string]> = {}) {
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/user/list': (body) => {
      const { search } = body as { search?: string };
      const users = [member('u2', 'Chitra K'), member('u3', 'Dev P', 'inactive')].filter(
        (u) => !search || u.name.toLowerCase().includes(search),
      );
      return ok({ users, totalUsers: users.length });
    },
    ...overrides,
  });
}

describe('users page', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the organisation’s users with their status, and shows only the sections the server allows', async () => {
    startServer();
    renderApp('/app/users');
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByText('Chitra K')).toBeTruthy();
    expect(within(table).getByText('Dev P')).toBeTruthy();
    expect(screen.getByTestId('user-status-u3').textContent).toBe('Inactive');
    await waitFor(() => expect(screen.queryByTestId('nav-users')).toBeTruthy());
    expect(screen.queryByTestId('nav-billing')).toBeNull();
  });

  it('searches on the server', async () => {
    const server = startServer();
    renderApp('/app/users');
    await screen.findByText('Chitra K');
    const search = within(screen.getByTestId('users-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'dev' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(
        server.callsTo('POST /api/user/list').some((c) => (c.body as { search?: string }).search === 'dev'),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('Chitra K')).toBeNull());
  });

  it('creates a user through the drawer with a role the server allows', async () => {
    const server = startServer({
      'POST /api/user': (body) =>
        ok({ user: { ...member('u9', (body as { name: string }).name) } }, USER_MESSAGES.created),
    });
    renderApp('/app/users');
    fireEvent.click(await screen.findByTestId('users-create'));
    fireEvent.change(await screen.findByTestId('user-form-name'), { target: { value: 'Esha R' } });
    fireEvent.change(screen.getByTestId('user-form-email'), { target: { value: 'esha@example.com' } });
    fireEvent.change(screen.getByTestId('user-form-password'), { target: { value: 'esha-pass-1' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    await waitFor(() => expect(server.callsTo('POST /api/user')).toHaveLength(1));
    expect(server.callsTo('POST /api/user')[0]?.body).toMatchObject({
      name: 'Esha R',
      email: 'esha@example.com',
      role: 'collaborator',
      password: 'esha-pass-1',
      nmtEnabled: true,
    });
  });

  it('shows the server’s first validation message when a create is rejected', async () => {
    startServer({
      'POST /api/user': () => ({
        status: 400,
        body: {
          success: false,
          type: 'VALIDATION_ERROR',
          message: USER_MESSAGES.emailTaken,
          data: [USER_MESSAGES.emailTaken],
        },
      }),
    });
    renderApp('/app/users');
    fireEvent.click(await screen.findByTestId('users-create'));
    fireEvent.change(await screen.findByTestId('user-form-name'), { target: { value: 'Esha R' } });
    fireEvent.change(screen.getByTestId('user-form-email'), { target: { value: 'chitra@example.com' } });
    fireEvent.change(screen.getByTestId('user-form-password'), { target: { value: 'esha-pass-1' } });
    fireEvent.click(screen.getByTestId('user-form-submit'));
    expect(await screen.findByText(USER_MESSAGES.emailTaken)).toBeTruthy();
    expect(screen.getByTestId('user-form-drawer')).toBeTruthy();
  });

  it('activates an inactive user', async () => {
    const server = startServer({ 'POST /api/user/switchStatus': () => ok({ user: member('u3', 'Dev P') }) });
    renderApp('/app/users');
    fireEvent.click(await screen.findByTestId('user-activate-u3'));
    await waitFor(() =>
      expect(server.callsTo('POST /api/user/switchStatus')[0]?.body).toEqual({
        userId: 'u3',
        status: 'active',
      }),
    );
  });

  it('refuses the page to a caller the server does not let manage users', async () => {
    const server = startServer({
      'GET /api/user/abilities': () =>
        ok({ abilities: { ...ABILITIES, pages: ['dashboard'], canManageUsers: false, creatableRoles: [] } }),
    });
    renderApp('/app/users');
    expect(await screen.findByTestId('users-page-forbidden')).toBeTruthy();
    expect(server.callsTo('POST /api/user/list')).toHaveLength(0);
    expect(screen.queryByTestId('nav-users')).toBeNull();
  });

  it('shows an empty state when nobody matches', async () => {
    startServer({ 'POST /api/user/list': () => ok({ users: [], totalUsers: 0 }) });
    renderApp('/app/users');
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });
});
