import { type Project } from '@bhasha/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { buildProject } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects']);

function project(id: string, name: string, status: Project['status']): Project {
  return buildProject([`${id}.example.in`], { id, projectId: id, name, status });
}

function startServer() {
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/project': () =>
      ok({
        projectList: [project('p1', 'Ministry site', 'parsed'), project('p2', 'Handbook', 'crawlingFailed')],
        totalProjects: 2,
      }),
    'POST /api/project/details': () => ok({ project: project('p1', 'Ministry site', 'crawling') }),
    'POST /api/scope/crawl/last': () =>
      ok({
        crawlId: 'c1',
        status: 'ACTIVE',
        lastProcessedUrl: 'https://p1.example.in/a',
        parsedUrls: 3,
        pagesDiscovered: 6,
        pagesFailed: 0,
        startedAt: null,
        finishedAt: null,
      }),
    'POST /api/project/stats': () =>
      ok({
        stat: {
          projectId: 'p1',
          sourceWordCount: 1200,
          uniqueWordCount: 800,
          newContentWordCount: 800,
          totalUrls: 6,
          inScopeUrls: 6,
          redirectUrls: 0,
          crawledUrls: 3,
          failedUrls: 0,
          trackedUrls: 0,
          segmentCount: 90,
          newSegmentCount: 90,
          languages: [{ language: 'hi', sourceWordCount: 800, translatedWordCount: 0 }],
        },
      }),
  });
}

describe('projects', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('lists projects with their status tags', async () => {
    startServer();
    renderApp('/app/projects');
    const table = await screen.findByTestId('projects-table');
    expect(await within(table).findByText('Ministry site')).toBeTruthy();
    const tags = within(table)
      .getAllByTestId('project-status')
      .map((tag) => tag.textContent);
    expect(tags).toEqual(['Ready', 'Crawling failed']);
  });

  it('shows a project with its crawl progress and word counts', async () => {
    startServer();
    renderApp('/app/projects/p1');
    const crawl = await screen.findByTestId('crawl-card');
    await waitFor(() => expect(within(crawl).getByText('https://p1.example.in/a')).toBeTruthy());
    expect(within(crawl).getByText('Crawling')).toBeTruthy();
    const counts = await screen.findByTestId('word-count-card');
    await waitFor(() => expect(within(counts).getByText('1,200')).toBeTruthy());
  });
});
