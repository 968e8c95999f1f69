import { DOMAIN_OWNERSHIP_MESSAGES, PROJECT_MESSAGES } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok } from '../../test/fake-server';
import { buildProject } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects']);

const PROJECT = buildProject(['ministry.gov.in', 'hi.ministry.gov.in'], { targetLanguages: ['hi'] });

/** parser/domainVerifications: the main domain has the project id on its page, the other nothing yet. */
const VERIFICATIONS = [
  {
    domainId: 'd1',
    hostname: 'ministry.gov.in',
    verificationLevel: 2,
    checkedAt: '2026-01-03T10:00:00.000Z',
  },
  { domainId: 'd2', hostname: 'hi.ministry.gov.in', verificationLevel: 0, checkedAt: null },
];

/** domain/ownership/list: the main domain proved for the proxy, the other not yet. */
const OWNERSHIP = [
  {
    domainId: 'd1',
    hostname: 'ministry.gov.in',
    status: 'verified',
    recordName: '_bhasha-verify.ministry.gov.in',
    recordValue: 'bhasha-verification=tok1',
    fileUrl: 'https://ministry.gov.in/.well-known/bhasha-verification.txt',
    method: 'dns',
    verifiedAt: '2026-01-03T10:00:00.000Z',
    checkedAt: '2026-01-03T10:00:00.000Z',
    lastError: null,
  },
  {
    domainId: 'd2',
    hostname: 'hi.ministry.gov.in',
    status: 'pending',
    recordName: '_bhasha-verify.hi.ministry.gov.in',
    recordValue: 'bhasha-verification=tok2',
    fileUrl: 'https://hi.ministry.gov.in/.well-known/bhasha-verification.txt',
    method: null,
    verifiedAt: null,
    checkedAt: null,
    lastError: null,
  },
];

function startServer(
  verifications: () => { status?: number; body: unknown } = () => ok({ domains: VERIFICATIONS }),
) {
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/domain/ownership/list': () => ok({ domains: OWNERSHIP }),
    'POST /api/domain/ownership/verify': () =>
      ok(
        { domain: { ...OWNERSHIP[1], lastError: 'no TXT record at _bhasha-verify.hi.ministry.gov.in' } },
        DOMAIN_OWNERSHIP_MESSAGES.notFound,
      ),
    'POST /api/parser/domainVerifications': verifications,
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

  it("shows each domain's verification level as a coloured tag", async () => {
    const server = startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('domains-card', {}, { timeout: 30_000 });
    const tags = await within(card).findAllByTestId('verification-level');
    expect(server.callsTo('POST /api/parser/domainVerifications')[0]!.body).toEqual({ projectId: 'p1' });
    expect(tags.map((tag) => [tag.textContent, tag.dataset.level])).toEqual([
      ['Project id verified', '2'],
      ['None', '0'],
    ]);
    // The levels' colours: blue for the project id, grey (no colour class) for none.
    expect(tags[0]!.className).toContain('ant-tag-blue');
    expect(tags[1]!.className).not.toMatch(/ant-tag-(gold|blue|green)/);
  });

  it('claims no level when the verification call fails', async () => {
    const server = startServer(() => fail('Project not found', undefined, 404));
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('domains-card', {}, { timeout: 30_000 });
    await within(card).findByText('https://hi.ministry.gov.in');
    await waitFor(() => expect(server.callsTo('POST /api/parser/domainVerifications')).toHaveLength(1));
    // Once the call has failed (no placeholder left) the list stays, without tags.
    await waitFor(() => expect(card.querySelector('.ant-skeleton')).toBeNull());
    expect(within(card).queryByTestId('verification-level')).toBeNull();
    expect(within(card).getByText('https://ministry.gov.in')).toBeTruthy();
  });

  it('shows how to prove ownership of a domain for the proxy, and the result of Verify', async () => {
    const server = startServer();
    renderApp('/app/projects/p1');
    const card = await screen.findByTestId('domains-card', {}, { timeout: 30_000 });
    const statuses = await within(card).findAllByTestId('domain-ownership-status');
    expect(statuses.map((tag) => [tag.textContent, tag.dataset.status])).toEqual([
      ['Proxy verified', 'verified'],
      ['Ownership not verified', 'pending'],
    ]);
    fireEvent.click(within(card).getAllByTestId('domain-ownership-toggle')[1]!);
    const panel = await within(card).findByTestId('domain-ownership-panel');
    expect(within(panel).getByText('_bhasha-verify.hi.ministry.gov.in')).toBeTruthy();
    expect(within(panel).getAllByText('bhasha-verification=tok2')).toHaveLength(2);
    expect(
      within(panel).getByText('https://hi.ministry.gov.in/.well-known/bhasha-verification.txt'),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByTestId('domain-ownership-verify'));
    await waitFor(() => expect(server.callsTo('POST /api/domain/ownership/verify')).toHaveLength(1));
    expect(server.callsTo('POST /api/domain/ownership/verify')[0]!.body).toEqual({
      projectId: 'p1',
      domainId: 'd2',
    });
    const result = await within(panel).findByTestId('domain-ownership-result');
    expect(result.textContent).toContain(DOMAIN_OWNERSHIP_MESSAGES.notFound);
  });
});
