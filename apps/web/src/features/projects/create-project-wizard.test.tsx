import { PROJECT_MESSAGES, type Project } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../test/fake-server';
import { buildProject } from '../../test/project-fixtures';
import { renderApp } from '../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects']);

/** A server that can create mobile app projects too. */
const MOBILE_ABILITIES = {
  ...ABILITIES,
  projectCreation: {
    ...ABILITIES.projectCreation,
    types: ABILITIES.projectCreation.types.map((option) =>
      option.type === 'mob' ? { ...option, available: true } : option,
    ),
  },
};

function createdProject(origins: string[]): Project {
  return buildProject(
    origins.map((origin) => new URL(origin).hostname),
    { id: 'p9', projectId: 'p9', baseUrl: origins[0]!, targetLanguages: ['hi'], status: 'partialCreated' },
  );
}

function startServer(abilities: object = ABILITIES) {
  let created: Project | null = null;
  return installFakeServer({
    ...signedInRoutes(abilities),
    'POST /api/project': () => ok({ projectList: [], totalProjects: 0 }),
    'POST /api/project/new': (body) => {
      const request = body as { type: string; baseUrl?: string; name?: string };
      created =
        request.type === 'mob'
          ? buildProject(['app.example.in'], {
              id: 'p9',
              projectId: 'p9',
              type: 'mob',
              name: request.name ?? '',
              targetLanguages: ['hi'],
              status: 'partialCreated',
            })
          : createdProject([request.baseUrl!]);
      return ok({ project: created }, PROJECT_MESSAGES.projectCreated);
    },
    'POST /api/translation/stringxmlFileurls': () => ok({ files: [] }),
    'POST /api/project/new/multiOrigin': (body) => {
      created = createdProject((body as { origins: string[] }).origins);
      return ok({ project: created }, PROJECT_MESSAGES.projectCreated);
    },
    'POST /api/project/crawl': () =>
      ok({ projectId: 'p9', crawlId: 'c1', status: 'crawling' }, 'crawling request has been accepted'),
    'POST /api/project/details': () => ok({ project: created }),
    'POST /api/scope/crawl/last': () =>
      ok({
        crawlId: 'c1',
        status: 'ACTIVE',
        lastProcessedUrl: created?.baseUrl ?? null,
        parsedUrls: 0,
        pagesDiscovered: 1,
        pagesFailed: 0,
        startedAt: null,
        finishedAt: null,
      }),
    'POST /api/project/stats': () =>
      ok({
        stat: {
          projectId: 'p9',
          sourceWordCount: 0,
          uniqueWordCount: 0,
          newContentWordCount: 0,
          totalUrls: 1,
          inScopeUrls: 1,
          redirectUrls: 0,
          crawledUrls: 0,
          failedUrls: 0,
          trackedUrls: 0,
          segmentCount: 0,
          newSegmentCount: 0,
          languages: [{ language: 'hi', sourceWordCount: 0, translatedWordCount: 0 }],
        },
      }),
  });
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

/** Opens the target-language Select, searches and picks the option by its label. */
async function pickTargetLanguage(search: string, label: string) {
  const select = screen.getByTestId('wizard-target-languages');
  const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: search } });
  fireEvent.click(await screen.findByTitle(label));
}

/** Validation is asynchronous: the next step shows once the back button does. */
async function leaveTypeStep() {
  fireEvent.click(screen.getByTestId('wizard-next'));
  await screen.findByTestId('wizard-back');
}

async function openWizard(abilities: object = ABILITIES) {
  const server = startServer(abilities);
  renderApp('/app/projects/new');
  // The first render loads the lazy shell: on a busy machine that takes longer than one query.
  await screen.findByTestId('create-project-form', {}, { timeout: 30_000 });
  return server;
}

describe('the create-project wizard', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('does not leave the website step with an invalid address', async () => {
    const server = await openWizard();
    await leaveTypeStep();
    type('wizard-url-0', 'not a website');
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText(PROJECT_MESSAGES.urlInvalid)).toBeTruthy();
    // Still on the website step: the language step's submit button is not there.
    expect(screen.queryByTestId('wizard-submit')).toBeNull();
    expect(server.callsTo('POST /api/project/new')).toHaveLength(0);
  });

  it('requires a target language, and never offers the source language as one', async () => {
    const server = await openWizard();
    await leaveTypeStep();
    type('wizard-url-0', 'www.ministry.gov.in');
    fireEvent.click(screen.getByTestId('wizard-next'));
    fireEvent.click(await screen.findByTestId('wizard-submit'));
    expect(await screen.findByText(PROJECT_MESSAGES.languagesRequired)).toBeTruthy();
    expect(server.callsTo('POST /api/project/new')).toHaveLength(0);

    const select = screen.getByTestId('wizard-target-languages');
    const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: 'i' } });
    await screen.findByTitle('Hindi (hi)');
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) =>
      option.getAttribute('title'),
    );
    expect(offered).toContain('Hindi (hi)');
    expect(offered).not.toContain('English (en)');
  });

  it('creates a website project with a searched language and starts its crawl', async () => {
    const server = await openWizard();
    type('wizard-name', 'Ministry site');
    await leaveTypeStep();
    type('wizard-url-0', 'www.ministry.gov.in');
    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-submit');
    await pickTargetLanguage('hin', 'Hindi (hi)');
    fireEvent.click(screen.getByTestId('wizard-submit'));

    await waitFor(() => expect(server.callsTo('POST /api/project/new')).toHaveLength(1));
    // `www.` addresses get https:// (spec §5); the defaults travel with the languages.
    expect(server.callsTo('POST /api/project/new')[0]!.body).toEqual({
      name: 'Ministry site',
      type: 'website',
      baseUrl: 'https://www.ministry.gov.in',
      sourceLanguage: 'en',
      targetLanguages: ['hi'],
      scopeType: 'autoCrawl',
    });
    await waitFor(() => expect(server.callsTo('POST /api/project/crawl')).toHaveLength(1));
    expect(server.callsTo('POST /api/project/crawl')[0]!.body).toEqual({ projectId: 'p9' });
    // Then the new project's overview.
    const overview = await screen.findByTestId('project-overview');
    expect(within(overview).getByText('Ministry site')).toBeTruthy();
  });

  it('creates a multi-origin project when several domains are entered', async () => {
    const server = await openWizard();
    await leaveTypeStep();
    type('wizard-url-0', 'https://ministry.gov.in');
    fireEvent.click(screen.getByTestId('wizard-add-origin'));
    await screen.findByTestId('wizard-url-1');
    type('wizard-url-1', 'hi.ministry.gov.in');
    fireEvent.click(screen.getByTestId('wizard-next'));
    // hi.ministry.gov.in has no scheme and no www.: it is not a website address yet.
    expect(await screen.findByText(PROJECT_MESSAGES.urlInvalid)).toBeTruthy();
    type('wizard-url-1', 'https://hi.ministry.gov.in');
    fireEvent.click(screen.getByTestId('wizard-next'));
    await screen.findByTestId('wizard-submit');
    await pickTargetLanguage('Mar', 'Marathi (mr)');
    fireEvent.click(screen.getByTestId('wizard-submit'));

    await waitFor(() => expect(server.callsTo('POST /api/project/new/multiOrigin')).toHaveLength(1));
    expect(server.callsTo('POST /api/project/new/multiOrigin')[0]!.body).toMatchObject({
      origins: ['https://ministry.gov.in', 'https://hi.ministry.gov.in'],
      targetLanguages: ['mr'],
    });
    expect(server.callsTo('POST /api/project/new')).toHaveLength(0);
  });

  it('creates a mobile app project without a website step and opens its files page', async () => {
    const server = await openWizard(MOBILE_ABILITIES);
    fireEvent.click(screen.getByText('Mobile App'));
    // An app has no address to default its name to: the name is asked for.
    fireEvent.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText('Please enter the app’s name')).toBeTruthy();
    expect(screen.queryByTestId('wizard-back')).toBeNull();
    type('wizard-name', 'Kisan App');
    fireEvent.click(screen.getByTestId('wizard-next'));
    // Straight to the languages: no website step, no scope or crawl choice.
    await screen.findByTestId('wizard-submit');
    expect(screen.queryByText('Start crawling as soon as the project is created')).toBeNull();
    await pickTargetLanguage('hin', 'Hindi (hi)');
    fireEvent.click(screen.getByTestId('wizard-submit'));

    await waitFor(() => expect(server.callsTo('POST /api/project/new')).toHaveLength(1));
    expect(server.callsTo('POST /api/project/new')[0]!.body).toEqual({
      name: 'Kisan App',
      type: 'mob',
      sourceLanguage: 'en',
      targetLanguages: ['hi'],
    });
    expect(server.callsTo('POST /api/project/crawl')).toHaveLength(0);
    // Then the new project's files page, ready for the first upload.
    expect(await screen.findByTestId('app-files-page')).toBeTruthy();
    expect(await screen.findByText(/No string files yet/)).toBeTruthy();
  }, 90_000);
});
