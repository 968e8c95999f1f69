import { PROXY_MESSAGES } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok } from '../../test/fake-server';
import { buildProject, buildScopeUrl } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects']);
const PREVIEW = 'http://localhost:3000/proxy-preview/token-1/ministry.gov.in/about';

const PROJECT = buildProject(['ministry.gov.in']);

const ABOUT = buildScopeUrl('00000000-0000-4000-8000-000000000001', '/about');

interface Slug {
  id: string;
  targetLang: string;
  url: string;
  translatedUrl: string;
}

/** A fake server that keeps the slugs it is sent, as the real one does. */
function startServer() {
  let slugs: Slug[] = [{ id: 's1', targetLang: 'hi', url: '/about', translatedUrl: '/hamare-baare-mein' }];
  const server = installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/project/details': () => ok({ project: PROJECT }),
    'GET /api/scope/urls/p1': () => ok({ urlList: [ABOUT], total: 1 }),
    'POST /api/scope/Uniquedomains': () => ok({ uniqueDomains: ['ministry.gov.in'] }),
    'POST /api/scope/getUrlTranslations': () => ok({ urlTranslations: slugs, total: slugs.length }),
    'POST /api/scope/updateTranslatedUrl': (body) => {
      const { targetLang, translatedUrl } = body as { targetLang: string; translatedUrl: string };
      if (translatedUrl === '/taken') return fail(PROXY_MESSAGES.translatedUrlTaken);
      slugs = slugs.filter((slug) => slug.targetLang !== targetLang);
      if (translatedUrl)
        slugs.push({ id: `s-${targetLang}`, targetLang, url: '/about', translatedUrl: translatedUrl.trim() });
      return ok({ urlTranslations: slugs, total: slugs.length }, PROXY_MESSAGES.urlTranslationUpdated);
    },
    'POST /api/scope/getPreviewUrl': () =>
      ok({ previewUrl: PREVIEW, expiresAt: '2026-01-01T01:00:00.000Z' }, PROXY_MESSAGES.previewCreated),
  });
  return server;
}

/** A stand-in for the tab window.open gives back: what the page does with it is what matters. */
function fakeTab() {
  return { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
}

async function openLanguages() {
  const server = startServer();
  renderApp('/app/projects/p1/scope');
  const table = await screen.findByTestId('scope-table', {}, { timeout: 30_000 });
  await within(table).findByText(ABOUT.url);
  fireEvent.click(within(table).getByTestId('scope-languages'));
  const drawer = await screen.findByTestId('scope-languages-drawer');
  await within(drawer).findAllByTestId('translated-url-input');
  return { server, table, drawer };
}

function rowOf(drawer: HTMLElement, language: string): HTMLElement {
  return drawer.querySelector<HTMLElement>(`tr[data-language="${language}"]`)!;
}

describe('translated URLs and previews on the Scope page', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it("lists the page's translated URL per target language, saves a new one and removes one", async () => {
    const { server, drawer } = await openLanguages();
    expect(server.callsTo('POST /api/scope/getUrlTranslations')[0]!.body).toEqual({ projectId: 'p1' });
    // One row per target language, the source language left out.
    expect(
      within(drawer)
        .getAllByTestId('url-language-name')
        .map((cell) => cell.textContent),
    ).toEqual(['Hindi (hi)', 'Marathi (mr)']);
    const hindi = within(rowOf(drawer, 'hi')).getByTestId<HTMLInputElement>('translated-url-input');
    const marathi = within(rowOf(drawer, 'mr')).getByTestId<HTMLInputElement>('translated-url-input');
    expect(hindi.value).toBe('/hamare-baare-mein');
    // No slug yet: the source path shows as the placeholder, and there is nothing to remove.
    expect(marathi.value).toBe('');
    expect(marathi.placeholder).toBe('/about');
    expect(within(rowOf(drawer, 'mr')).queryByTestId('translated-url-remove')).toBeNull();
    expect(within(rowOf(drawer, 'mr')).getByTestId('translated-url-save').hasAttribute('disabled')).toBe(
      true,
    );

    // A path typed without its slash is saved with one.
    fireEvent.change(marathi, { target: { value: 'aamchyabaddal' } });
    fireEvent.click(within(rowOf(drawer, 'mr')).getByTestId('translated-url-save'));
    await waitFor(() => expect(server.callsTo('POST /api/scope/updateTranslatedUrl')).toHaveLength(1));
    expect(server.callsTo('POST /api/scope/updateTranslatedUrl')[0]!.body).toEqual({
      projectId: 'p1',
      targetLang: 'mr',
      url: ABOUT.url,
      translatedUrl: '/aamchyabaddal',
    });
    await screen.findByText(PROXY_MESSAGES.urlTranslationUpdated);
    // The list is read again: the saved slug comes back from the server with its remove button.
    await waitFor(() => expect(server.callsTo('POST /api/scope/getUrlTranslations').length).toBe(2));
    await within(rowOf(drawer, 'mr')).findByTestId('translated-url-remove');

    // Removing the Hindi slug sends an empty translated URL, after confirmation.
    fireEvent.click(within(rowOf(drawer, 'hi')).getByTestId('translated-url-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.callsTo('POST /api/scope/updateTranslatedUrl')).toHaveLength(2));
    expect(server.callsTo('POST /api/scope/updateTranslatedUrl')[1]!.body).toMatchObject({
      targetLang: 'hi',
      translatedUrl: '',
    });
    await waitFor(() =>
      expect(within(rowOf(drawer, 'hi')).getByTestId<HTMLInputElement>('translated-url-input').value).toBe(
        '',
      ),
    );
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { server, drawer } = await openLanguages();
    const input = within(rowOf(drawer, 'hi')).getByTestId<HTMLInputElement>('translated-url-input');
    fireEvent.change(input, { target: { value: '/taken' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.callsTo('POST /api/scope/updateTranslatedUrl')).toHaveLength(1));
    await screen.findByText(PROXY_MESSAGES.translatedUrlTaken);
    expect(input.value).toBe('/taken');
  });

  it('opens the preview of a language in a new tab, without an opener', async () => {
    const tab = fakeTab();
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    const { server, drawer } = await openLanguages();
    fireEvent.click(within(rowOf(drawer, 'mr')).getByTestId('scope-language-preview'));
    await waitFor(() => expect(tab.location.href).toBe(PREVIEW));
    // The tab is opened during the click (so it is not blocked), then sent to the link.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(server.callsTo('POST /api/scope/getPreviewUrl')[0]!.body).toEqual({
      projectId: 'p1',
      targetLang: 'mr',
      url: ABOUT.url,
    });
  });

  it('offers the link when the browser blocks the tab, and closes the tab when the link fails', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const { server, drawer } = await openLanguages();
    fireEvent.click(within(rowOf(drawer, 'hi')).getByTestId('scope-language-preview'));
    const blocked = await within(drawer).findByTestId('scope-preview-blocked');
    expect(blocked.textContent).toContain('Hindi');
    const link = within(blocked).getByRole('link', { name: 'Open the preview' });
    expect(link.getAttribute('href')).toBe(PREVIEW);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    // A failed link: the blank tab opened for it is closed again.
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    server.fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, message: PROXY_MESSAGES.urlNotInProject }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    fireEvent.click(within(rowOf(drawer, 'mr')).getByTestId('scope-language-preview'));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });

  it("previews a URL in a language from the row's menu", async () => {
    const tab = fakeTab();
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const server = startServer();
    renderApp('/app/projects/p1/scope');
    const table = await screen.findByTestId('scope-table', {}, { timeout: 30_000 });
    await within(table).findByText(ABOUT.url);
    const button = within(table).getByTestId('scope-open-preview');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    fireEvent.click(await screen.findByText('Preview in Hindi'));
    await waitFor(() => expect(tab.location.href).toBe(PREVIEW));
    expect(server.callsTo('POST /api/scope/getPreviewUrl')[0]!.body).toMatchObject({ targetLang: 'hi' });
  });
});
