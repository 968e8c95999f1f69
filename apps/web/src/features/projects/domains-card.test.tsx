import { PROJECT_MESSAGES, type Project } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects']);

const PROJECT: Project = {
  id: 'p1',
  projectId: 'p1',
  name: 'Ministry site',
  type: 'website',
  baseUrl: 'https://ministry.gov.in/',
  hostname: 'ministry.gov.in',
  domains: [
    {
      id: 'd1',
      hostname: 'ministry.gov.in',
      origin: 'https://ministry.gov.in',
      isPrimary: true,
      active: true,
    },
    {
      id: 'd2',
      hostname: 'hi.ministry.gov.in',
      origin: 'https://hi.ministry.gov.in',
      isPrimary: false,
      active: true,
    },
  ],
  otherDomains: ['hi.ministry.gov.in'],
  sourceLanguage: 'en',
  targetLanguages: ['hi'],
  status: 'parsed',
  scopeType: 'autoCrawl',
  canonical: null,
  lastProcessedUrl: null,
  cache: false,
  meta: true,
  flags: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function startServer() {
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/project/details': () => ok({ project: PROJECT }),
    'POST /api/scope/crawl/last': () =>
      ok({
        crawlId: null,
        status: 'INACTIVE',
        lastProcessedUrl: PROJECT.baseUrl,
        parsedUrls: 0,
        pagesDiscovered: 0,
        pagesFailed: 0,
        startedAt: null,
        finishedAt: null,
      }),
    // A failed domain call carries the text to show in `status` (spec §8).
    'POST /api/project/addNewDomain': () => ({
      status: 409,
      body: { success: false, type: 'CONFLICT', message: 'Conflict', status: PROJECT_MESSAGES.domainExists },
    }),
    'POST /api/project/deleteDomain': () =>
      ok({ status: PROJECT_MESSAGES.deleteDomainDone, domains: PROJECT.domains.slice(0, 1) }),
  });
}

describe('the domains of a project', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('shows the status field of a failed add, next to the form', async () => {
    const server = startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('domains-card', {}, { timeout: 30_000 });
    expect(within(card).getByText('https://hi.ministry.gov.in')).toBeTruthy();
    fireEvent.change(within(card).getByTestId('domain-add-url'), {
      target: { value: 'www.hi.ministry.gov.in' },
    });
    fireEvent.click(within(card).getByTestId('domain-add'));
    await waitFor(() => expect(server.callsTo('POST /api/project/addNewDomain')).toHaveLength(1));
    expect(server.callsTo('POST /api/project/addNewDomain')[0]!.body).toEqual({
      projectId: 'p1',
      url: 'https://www.hi.ministry.gov.in',
    });
    const error = await within(card).findByTestId('domains-error');
    expect(error.textContent).toContain(PROJECT_MESSAGES.domainExists);
  });

  it('removes a domain other than the main one after confirmation', async () => {
    const server = startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('domains-card', {}, { timeout: 30_000 });
    // The main domain cannot be removed: only one delete button.
    const buttons = within(card).getAllByTestId('domain-delete');
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('POST /api/project/deleteDomain')).toHaveLength(1));
    expect(server.callsTo('POST /api/project/deleteDomain')[0]!.body).toEqual({
      projectId: 'p1',
      domainId: 'd2',
    });
  });
});
