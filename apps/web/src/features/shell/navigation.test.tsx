import { STORAGE_KEYS, type DashboardPage } from '@bhasha/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, UI_CONFIG } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { abilitiesFor } from '../../test/signed-in';

const USER = {
  id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  organisationId: 'o1',
  apikey: null,
  contractAgreed: true,
};

function start(role: string, pages: DashboardPage[]) {
  installFakeServer({
    'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
    'GET /api/user/check/': () => ok({ user: { ...USER, role } }),
    'GET /api/user/abilities': () =>
      ok({ abilities: abilitiesFor(pages, { canManageUsers: pages.includes('users') }) }),
  });
  renderApp('/app');
}

/** The sidebar's section ids, once a section the abilities grant has appeared. */
async function sidebar(granted: DashboardPage) {
  await screen.findByTestId(`nav-${granted}`, {}, { timeout: 20_000 });
  return [...document.querySelectorAll('[data-testid^="nav-"]')].map((el) =>
    el.getAttribute('data-testid')!.slice('nav-'.length),
  );
}

/* Navigation shows what the server's abilities grant (ADR 0006), within what the shell's plan has. */
describe('navigation follows the abilities', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a collaborator its projects but no users, organisations or billing', async () => {
    start('collaborator', ['dashboard', 'projects', 'workspace', 'domains', 'notifications']);
    expect(await sidebar('projects')).toEqual([
      'dashboard',
      'projects',
      'workspace',
      'domains',
      'notifications',
    ]);
  });

  it('gives the free app only the sections of the free plan, even if more were granted', async () => {
    start('freeOrgAdmin', [
      'dashboard',
      'projects',
      'workspace',
      // Not in the free plan: the free shell never shows them.
      'apiTranslation',
      'files',
      'humanTranslation',
      'domains',
      'users',
      'organisations',
      'billing',
      'notifications',
    ]);
    expect(await screen.findByTestId('free-app')).toBeTruthy();
    expect(await sidebar('users')).toEqual([
      'dashboard',
      'projects',
      'workspace',
      'users',
      'organisations',
      'billing',
      'notifications',
    ]);
  });

  it('shows the free app no section the server withholds', async () => {
    start('freeOrgAdmin', ['dashboard', 'projects', 'billing']);
    expect(await screen.findByTestId('free-app', {}, { timeout: 20_000 })).toBeTruthy();
    expect(await sidebar('billing')).toEqual(['dashboard', 'projects', 'billing']);
  });
});
