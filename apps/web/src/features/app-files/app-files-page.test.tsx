import type { AppFile, AppFileUploadResult } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { buildProject } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const FILE_ID = '7f1d9a52-3c1e-4f7a-9d35-1b2c3d4e5f60';
const PROJECT = buildProject(['app.example.in'], {
  name: 'Kisan App',
  type: 'mob',
  targetLanguages: ['hi', 'mr'],
});

const STRINGS_XML: AppFile = {
  fileId: FILE_ID,
  path: 'app/src/main/res/values/strings.xml',
  format: 'android',
  version: 2,
  stringCount: 40,
  wordCount: 212,
  updatedAt: '2026-11-01T10:00:00.000Z',
  languages: [
    {
      language: 'hi',
      translatedCount: 30,
      reviewCount: 3,
      totalCount: 40,
      exportPath: 'app/src/main/res/values-hi/strings.xml',
    },
    {
      language: 'mr',
      translatedCount: 0,
      reviewCount: 0,
      totalCount: 40,
      exportPath: 'app/src/main/res/values-mr/strings.xml',
    },
  ],
};

const UPLOAD_RESULT: AppFileUploadResult = {
  files: [STRINGS_XML],
  added: 12,
  changed: 3,
  unchanged: 25,
  removed: 1,
  newWordCount: 57,
  importedTranslations: 18,
  warnings: ['strings.xml line 14: duplicate key app_name, the last one is kept'],
};

/** The multipart fields a fake route received, the file as its name. */
function formFields(init: RequestInit): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of (init.body as FormData).entries())
    fields[name] = typeof value === 'string' ? value : value.name;
  return fields;
}

function startServer() {
  let files: AppFile[] = [STRINGS_XML];
  const server = installFakeServer({
    ...signedInRoutes(abilitiesFor(['dashboard', 'projects'])),
    'POST /api/project/details': () => ok({ project: PROJECT }),
    'POST /api/translation/stringxmlFileurls': () => ok({ files }),
    'POST /api/translation/xmlFileTranslation': () => ok(UPLOAD_RESULT, 'File uploaded'),
    'POST /api/translation/mobileTranslationResync': () =>
      ok({
        ...UPLOAD_RESULT,
        added: 2,
        changed: 1,
        unchanged: 37,
        removed: 0,
        importedTranslations: 0,
        warnings: [],
      }),
    'POST /api/translation/appFiles/versions': () =>
      ok({
        versions: [
          {
            version: 2,
            uploadedAt: '2026-11-01T10:00:00.000Z',
            uploadedBy: 'asha@example.com',
            stringCount: 40,
            added: 5,
            changed: 2,
            removed: 1,
          },
          {
            version: 1,
            uploadedAt: '2026-10-01T10:00:00.000Z',
            uploadedBy: null,
            stringCount: 36,
            added: 36,
            changed: 0,
            removed: 0,
          },
        ],
      }),
    'POST /api/translation/mobileLanguageAddition': (body) =>
      ok({
        targetLanguages: [...PROJECT.targetLanguages, ...(body as { languages: string[] }).languages],
        prefilled: 120,
      }),
    'POST /api/translation/appFiles/delete': () => {
      files = [];
      return ok({ deleted: true }, 'File removed');
    },
  });
  // Exports answer the file itself, which the JSON fake server cannot: answered here, and recorded.
  const downloads: unknown[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    if (!input.endsWith('/translation/getStringxmlFilePathByLanguage')) return server.fetchMock(input, init);
    downloads.push(JSON.parse(init.body as string));
    return Promise.resolve(new Response('PK', { headers: { 'content-type': 'application/zip' } }));
  });
  return { ...server, downloads };
}

async function openFilesPage() {
  const server = startServer();
  renderApp('/app/projects/p1/files');
  // The first render loads the lazy shell: on a busy machine that takes longer than one query.
  await screen.findByTestId('app-files-page', {}, { timeout: 30_000 });
  const table = await screen.findByTestId('app-files-table');
  await within(table).findByText(STRINGS_XML.path);
  return { server, table };
}

/** Clicks an item of the dropdown menu opened last (menus opened before stay in the page, hidden). */
async function chooseMenuItem(label: string) {
  const item = await waitFor(() => {
    const menus = document.querySelectorAll<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');
    return within(menus[menus.length - 1]!).getByText(label);
  });
  fireEvent.click(item);
}

const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;

describe('the string files page of a mobile project', () => {
  beforeEach(() => {
    storeSessionToken();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the files with each language’s progress and review count', async () => {
    const { table } = await openFilesPage();
    const row = within(table).getByText(STRINGS_XML.path).closest('tr')!;
    expect(within(row).getByText('Android')).toBeTruthy();
    expect(within(row).getByText('212')).toBeTruthy();
    const hindi = within(row).getByTestId('file-progress-hi');
    expect(within(hindi).getByText('Hindi')).toBeTruthy();
    expect(hindi.textContent).toContain('30 of 40 translated');
    expect(hindi.textContent).toContain('3 to review');
    // 30 of 40 is 75 %.
    expect(hindi.querySelector('[role="progressbar"]')!.getAttribute('aria-valuenow')).toBe('75');
    expect(within(row).getByTestId('file-progress-mr').textContent).toContain('0 of 40 translated');
  }, 90_000);

  it('uploads a dropped file with its path and shows what the upload did', async () => {
    const { server } = await openFilesPage();
    fireEvent.change(screen.getByTestId('app-file-path'), {
      target: { value: 'app/src/main/res/values/strings.xml' },
    });
    const file = new File(['<resources/>'], 'strings.xml', { type: 'text/xml' });
    fireEvent.change(fileInput(screen.getByTestId('app-file-dragger')), { target: { files: [file] } });

    const result = await screen.findByTestId('upload-result');
    expect(within(result).getByTestId('upload-result-added').textContent).toBe('12');
    expect(within(result).getByTestId('upload-result-changed').textContent).toBe('3');
    expect(within(result).getByTestId('upload-result-unchanged').textContent).toBe('25');
    expect(within(result).getByTestId('upload-result-removed').textContent).toBe('1');
    expect(within(result).getByTestId('upload-result-imported').textContent).toBe('18');
    expect(within(result).getByTestId('upload-result-warnings').textContent).toContain(
      'duplicate key app_name',
    );
    expect(server.callsTo('POST /api/translation/xmlFileTranslation')).toHaveLength(1);
    const upload = server.fetchMock.mock.calls.find(([url]) => url.includes('/xmlFileTranslation?'));
    expect(formFields(upload![1]!)).toEqual({
      projectId: 'p1',
      path: 'app/src/main/res/values/strings.xml',
      file: 'strings.xml',
    });
  }, 90_000);

  it('refuses a file it cannot read before sending it', async () => {
    const { server } = await openFilesPage();
    const file = new File(['x'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(fileInput(screen.getByTestId('app-file-dragger')), { target: { files: [file] } });
    expect(await screen.findByText(/Bhasha reads .xml, .strings/)).toBeTruthy();
    expect(server.callsTo('POST /api/translation/xmlFileTranslation')).toHaveLength(0);
  }, 90_000);

  it('downloads one file in a language, a language’s files and every language', async () => {
    const { server, table } = await openFilesPage();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const savedAs = () => click.mock.contexts.map((anchor) => (anchor as HTMLAnchorElement).download);
    fireEvent.click(within(table).getByTestId('app-file-download'));
    await chooseMenuItem('Marathi');
    await waitFor(() => expect(server.downloads).toHaveLength(1));
    expect(server.downloads[0]).toEqual({ projectId: 'p1', fileId: FILE_ID, targetLang: 'mr' });

    fireEvent.click(screen.getByTestId('app-files-download'));
    await chooseMenuItem('Hindi');
    await waitFor(() => expect(server.downloads).toHaveLength(2));
    expect(server.downloads[1]).toEqual({ projectId: 'p1', targetLang: 'hi' });

    fireEvent.click(screen.getByTestId('app-files-download'));
    await chooseMenuItem('All languages (zip)');
    await waitFor(() => expect(server.downloads).toHaveLength(3));
    expect(server.downloads[2]).toEqual({ projectId: 'p1' });
    // Android files all share a name: the language's folder tells them apart.
    expect(savedAs()).toEqual(['values-mr-strings.xml', 'kisan-app-hi.zip', 'kisan-app-all-languages.zip']);
  }, 90_000);

  it('takes a new version of a file and shows what changed', async () => {
    const { server, table } = await openFilesPage();
    const row = within(table).getByText(STRINGS_XML.path).closest('tr')!;
    const file = new File(['<resources/>'], 'strings.xml', { type: 'text/xml' });
    fireEvent.change(fileInput(row), { target: { files: [file] } });

    const result = await screen.findByTestId('upload-result');
    expect(within(result).getByText(`New version of ${STRINGS_XML.path} stored`)).toBeTruthy();
    expect(within(result).getByTestId('upload-result-added').textContent).toBe('2');
    const resync = server.fetchMock.mock.calls.find(([url]) => url.includes('/mobileTranslationResync?'));
    expect(formFields(resync![1]!)).toEqual({ projectId: 'p1', fileId: FILE_ID, file: 'strings.xml' });
    // The list is asked for again after the new version.
    await waitFor(() => expect(server.callsTo('POST /api/translation/stringxmlFileurls').length).toBe(2));
  }, 90_000);

  it('shows the version history of a file', async () => {
    const { server, table } = await openFilesPage();
    fireEvent.click(within(table).getByTestId('app-file-versions'));
    const drawer = await screen.findByTestId('file-versions-drawer');
    await waitFor(() => expect(within(drawer).getAllByTestId('file-version')).toHaveLength(2));
    const [latest, first] = within(drawer).getAllByTestId('file-version');
    expect(latest!.textContent).toContain('Version 2');
    expect(latest!.textContent).toContain('by asha@example.com');
    expect(latest!.textContent).toContain('40 strings: 5 new, 2 changed, 1 removed');
    expect(first!.textContent).toContain('Version 1');
    expect(server.callsTo('POST /api/translation/appFiles/versions')[0]!.body).toEqual({
      projectId: 'p1',
      fileId: FILE_ID,
    });
  }, 90_000);

  it('removes a file only after confirmation', async () => {
    const { server, table } = await openFilesPage();
    fireEvent.click(within(table).getByTestId('app-file-delete'));
    const confirm = await screen.findByText(/Its strings stay in the translation memory/);
    expect(server.callsTo('POST /api/translation/appFiles/delete')).toHaveLength(0);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(popover.querySelector('.ant-btn-dangerous')!);
    await waitFor(() => expect(server.callsTo('POST /api/translation/appFiles/delete')).toHaveLength(1));
    expect(server.callsTo('POST /api/translation/appFiles/delete')[0]!.body).toEqual({
      projectId: 'p1',
      fileId: FILE_ID,
    });
    expect(await within(table).findByText(/No string files yet/)).toBeTruthy();
  }, 90_000);

  it('adds a language with the language picker', async () => {
    const { server } = await openFilesPage();
    fireEvent.click(screen.getByTestId('app-files-add-languages'));
    const select = await screen.findByTestId('add-languages-select');
    const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'tam' } });
    fireEvent.click(await screen.findByTitle('Tamil (ta)'));
    fireEvent.click(document.querySelector('.ant-modal .ant-btn-primary')!);
    await waitFor(() =>
      expect(server.callsTo('POST /api/translation/mobileLanguageAddition')).toHaveLength(1),
    );
    expect(server.callsTo('POST /api/translation/mobileLanguageAddition')[0]!.body).toEqual({
      projectId: 'p1',
      languages: ['ta'],
    });
    expect(
      await screen.findByText('Language added; 120 strings filled from the translation memory'),
    ).toBeTruthy();
  }, 90_000);

  it('shows a files summary on the project overview instead of the crawl', async () => {
    startServer();
    renderApp('/app/projects/p1');
    const summary = await screen.findByTestId('app-files-summary', {}, { timeout: 30_000 });
    await waitFor(() => expect(within(summary).getByTestId('app-files-summary-count').textContent).toBe('1'));
    expect(within(summary).getByTestId('file-progress-hi').textContent).toContain('30 of 40 translated');
    expect(screen.queryByTestId('crawl-card')).toBeNull();
    expect(screen.queryByTestId('project-scope-link')).toBeNull();
    fireEvent.click(within(summary).getByTestId('app-files-link'));
    expect(await screen.findByTestId('app-files-page')).toBeTruthy();
  }, 90_000);
});
