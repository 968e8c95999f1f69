import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';
import { PROJECT } from './test/workspace-fixtures';

/*
 * A path under /app/workspace or /app/projects that no page owns (an old link such as
 * /app/workspace/p1/hi/suggestions, or a typo) rendered the shell with an empty page. It now
 * lands on the section's first page, as unknown paths of the shell land on /app.
 */
describe('unknown paths inside the workspace and projects sections', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  function serve() {
    return installFakeServer({
      ...signedInRoutes(abilitiesFor(['dashboard', 'projects', 'workspace'])),
      'POST /api/project': () => ok({ projectList: [PROJECT], totalProjects: 1 }),
    });
  }

  it('sends /app/workspace/{id}/{language}/{anything} to the project picker', async () => {
    serve();
    renderApp(`/app/workspace/${PROJECT.projectId}/hi/suggestions`);
    expect(await screen.findByTestId('workspace-project', {}, { timeout: 20_000 })).toBeTruthy();
  });

  it('sends /app/projects/{id}/{anything} to the project list', async () => {
    serve();
    renderApp(`/app/projects/${PROJECT.projectId}/nothing-here`);
    expect(await screen.findByTestId('projects-create', {}, { timeout: 20_000 })).toBeTruthy();
  });
});
