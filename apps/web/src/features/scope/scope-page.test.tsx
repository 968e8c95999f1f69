import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok } from '../../test/fake-server';
import { buildScopeUrl } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects']);

const URLS = [
  buildScopeUrl('00000000-0000-4000-8000-000000000001', '/about'),
  buildScopeUrl('00000000-0000-4000-8000-000000000002', '/contact', { tracked: true }),
  buildScopeUrl('00000000-0000-4000-8000-000000000003', '/hi/about', { hostname: 'hi.ministry.gov.in' }),
];

function startServer() {
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'GET /api/scope/urls/p1': () => ok({ urlList: URLS, total: URLS.length }),
    'POST /api/scope/Uniquedomains': () => ok({ uniqueDomains: ['hi.ministry.gov.in', 'ministry.gov.in'] }),
    'POST /api/scope/toggle': () => ok({ updated: 1 }, 'Updated'),
    'POST /api/scope/tracking/toggle': () => ok({ updated: 1 }, 'Updated'),
    'POST /api/scope/add': (body) => {
      const urls = (body as { urls: string[] }).urls;
      const failed = urls.filter((u) => !u.includes('ministry.gov.in'));
      if (failed.length === urls.length) return fail('Url add to scope failed', { failed });
      return ok(
        {
          added: urls.length - failed.length,
          existing: 0,
          failed: failed.map((u) => ({ url: u, reason: 'This domain is not part of the project' })),
        },
        failed.length ? `${failed.length} Url addition failed` : 'Urls added to scope',
      );
    },
    'POST /api/scope/pageSegments': () =>
      ok({
        url: URLS[0],
        total: 2,
        segments: [
          {
            sourceHash: 'h1',
            text: 'About the ministry',
            kind: 'title',
            wordCount: 3,
            isNew: true,
            occurrences: 1,
          },
          {
            sourceHash: 'h2',
            text: 'Read the <x1>annual report</x1>',
            kind: 'text',
            wordCount: 4,
            isNew: false,
            occurrences: 2,
          },
        ],
      }),
    'POST /api/scope/getTrackingFilesListByUrl': () =>
      ok({
        url: URLS[1]!.url,
        files: [
          { id: 'f1', contentHash: 'abcdef0123456789', fetchedAt: '2026-01-02T00:00:00.000Z', size: 2048 },
        ],
      }),
    'POST /api/scope/getTrackingFilesrc': () =>
      ok({
        fileId: 'f1',
        url: URLS[1]!.url,
        fetchedAt: '2026-01-02T00:00:00.000Z',
        src: '<html><body><script>alert(1)</script>Contact us</body></html>',
      }),
  });
}

/** The query of the latest scope/urls call. */
function lastListQuery(server: ReturnType<typeof startServer>): URLSearchParams {
  const call = server.fetchMock.mock.calls
    .filter(([input]) => String(input).includes('/api/scope/urls/p1'))
    .at(-1);
  return new URL(String(call?.[0]), 'http://localhost').searchParams;
}

async function openScopePage() {
  const server = startServer();
  renderApp('/app/projects/p1/scope');
  // The first render loads the lazy shell: on a busy machine that takes longer than one query.
  const table = await screen.findByTestId('scope-table', {}, { timeout: 30_000 });
  await within(table).findByText(URLS[0]!.url);
  return { server, table };
}

describe('the Scope page', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('lists the URLs with their total and searches them', async () => {
    const { server } = await openScopePage();
    expect(screen.getByTestId('scope-total').textContent).toBe('3 URLs');
    expect(lastListQuery(server).get('search')).toBeNull();

    const search = screen.getByTestId('scope-search').querySelector('input')!;
    fireEvent.change(search, { target: { value: '  about ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastListQuery(server).get('search')).toBe('about'));
    expect(lastListQuery(server).get('pageNumber')).toBe('1');
  });

  it('filters by domain', async () => {
    const { server } = await openScopePage();
    const select = screen.getByTestId('scope-domain-filter');
    const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.click(await screen.findByTitle('hi.ministry.gov.in'));
    await waitFor(() => expect(lastListQuery(server).get('selectedHostname')).toBe('hi.ministry.gov.in'));
  });

  it('switches scope and tracking of one URL', async () => {
    const { server } = await openScopePage();
    fireEvent.click(screen.getByRole('switch', { name: `In scope: ${URLS[0]!.url}` }));
    await waitFor(() => expect(server.callsTo('POST /api/scope/toggle')).toHaveLength(1));
    expect(server.callsTo('POST /api/scope/toggle')[0]!.body).toEqual({
      projectId: 'p1',
      urlIds: [URLS[0]!.id],
      inScope: false,
    });

    fireEvent.click(screen.getByRole('switch', { name: `Tracked: ${URLS[1]!.url}` }));
    await waitFor(() => expect(server.callsTo('POST /api/scope/tracking/toggle')).toHaveLength(1));
    expect(server.callsTo('POST /api/scope/tracking/toggle')[0]!.body).toEqual({
      projectId: 'p1',
      urlIds: [URLS[1]!.id],
      tracked: false,
    });
  });

  it('adds pasted URLs and reports the ones it could not add', async () => {
    const { server } = await openScopePage();
    fireEvent.click(screen.getByTestId('scope-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: 'https://ministry.gov.in/news\n\n  https://elsewhere.org/page  \n' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.callsTo('POST /api/scope/add')).toHaveLength(1));
    expect(server.callsTo('POST /api/scope/add')[0]!.body).toEqual({
      projectId: 'p1',
      urls: ['https://ministry.gov.in/news', 'https://elsewhere.org/page'],
    });
    expect(await screen.findByText('1 added, 0 already in the scope')).toBeTruthy();
    expect(
      screen.getByText(/https:\/\/elsewhere\.org\/page: This domain is not part of the project/),
    ).toBeTruthy();
  });

  it('previews the segments of a URL', async () => {
    const { server, table } = await openScopePage();
    fireEvent.click(within(table).getAllByTestId('scope-preview')[0]!);
    const drawer = await screen.findByTestId('scope-preview-drawer');
    expect(await within(drawer).findByText('About the ministry')).toBeTruthy();
    expect(within(drawer).getByText('Read the <x1>annual report</x1>')).toBeTruthy();
    expect(within(drawer).getByText('4 × 2')).toBeTruthy();
    expect(server.callsTo('POST /api/scope/pageSegments')[0]!.body).toEqual({
      projectId: 'p1',
      urlId: URLS[0]!.id,
      pageNumber: 1,
      pageSize: 50,
    });
  });

  it('shows a tracked URL’s versions, their HTML as text only', async () => {
    const { table } = await openScopePage();
    const versionButtons = within(table).getAllByTestId('scope-versions');
    // Only the tracked URL keeps versions.
    expect(versionButtons.map((button) => (button as HTMLButtonElement).disabled)).toEqual([
      true,
      false,
      true,
    ]);
    fireEvent.click(versionButtons[1]!);
    const drawer = await screen.findByTestId('scope-versions-drawer');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'View HTML' }));
    const source = await within(drawer).findByTestId('scope-version-source');
    expect(source.textContent).toContain('<script>alert(1)</script>');
    expect(source.querySelector('script')).toBeNull();
  });
});
