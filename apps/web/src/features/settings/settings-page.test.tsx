import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { fail, installFakeServer, ok } from '../../test/fake-server';
import { buildProject } from '../../test/project-fixtures';
import { ProjectSettingsPage } from './pages/project-settings-page';

const PROJECT_ID = '7d1f0a52-3c1e-4a8e-9a37-2f3b5c6d7e80';
const PROJECT = buildProject(['mango.example.in'], {
  id: PROJECT_ID,
  projectId: PROJECT_ID,
  name: 'Mango Mart',
  targetLanguages: ['hi', 'ta'],
  status: 'crawled',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[`/app/settings/${PROJECT_ID}`]}>
        <Routes>
          <Route path="/app/settings/:projectId" element={<ProjectSettingsPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('ProjectSettingsPage', () => {
  it('lists no-translation nodes (ids hidden) and a total, adds one, shows the server’s refusal, and deletes', async () => {
    let nodes = [{ id: 'a1b2c3d4e5f60718', selector: '.brand-name' }];
    const server = installFakeServer({
      'POST /api/project/details': () => ok({ project: PROJECT }),
      'POST /api/parser/domainVerifications': () => ok({ domains: [] }),
      'POST /api/no-translation-node/get': () => ok({ noTranslationNodes: nodes, totalCount: nodes.length }),
      'POST /api/no-translation-node/add': (body) => {
        const { selector } = body as { selector: string };
        if (selector.includes(':')) return fail('Unsupported selector');
        const item = { id: 'ffeeddccbbaa9988', selector };
        nodes = [...nodes, item];
        return ok(item, 'No-translation node added');
      },
      'POST /api/no-translation-node/delete': (body) => {
        const { ids } = body as { ids: string[] };
        nodes = nodes.filter((node) => !ids.includes(node.id));
        return ok({ deleted: ids.length }, 'No-translation nodes deleted');
      },
    });
    renderPage();
    // Text and label queries: role queries walk antd's whole tree in jsdom and are very slow here.
    fireEvent.click(await screen.findByText('No-translation nodes'));
    const card = await screen.findByTestId('no-translation-nodes');
    expect(await within(card).findByText('.brand-name')).toBeTruthy();
    expect(within(card).queryByText('a1b2c3d4e5f60718')).toBeNull();
    expect(within(card).getByText('1 entry')).toBeTruthy();

    fireEvent.change(within(card).getByTestId('no-translation-nodes-input'), {
      target: { value: 'a:hover' },
    });
    fireEvent.click(within(card).getByTestId('no-translation-nodes-add'));
    await waitFor(() => expect(server.callsTo('POST /api/no-translation-node/add')).toHaveLength(1));
    expect(within(card).queryByText('a:hover')).toBeNull();

    fireEvent.change(within(card).getByTestId('no-translation-nodes-input'), {
      target: { value: ' footer > .legal ' },
    });
    fireEvent.click(within(card).getByTestId('no-translation-nodes-add'));
    expect(await within(card).findByText('footer > .legal')).toBeTruthy();
    expect(server.callsTo('POST /api/no-translation-node/add')[1]!.body).toEqual({
      projectId: PROJECT_ID,
      selector: 'footer > .legal',
    });
    expect(await within(card).findByText('2 entries')).toBeTruthy();

    fireEvent.click(within(card).getByLabelText('Delete .brand-name'));
    const confirm = (await screen.findByText('Delete this entry?')).closest('.ant-popover')!;
    fireEvent.click(within(confirm as HTMLElement).getByText('Delete'));
    await waitFor(() => expect(within(card).queryByText('.brand-name')).toBeNull());
    expect(server.callsTo('POST /api/no-translation-node/delete')[0]!.body).toEqual({
      projectId: PROJECT_ID,
      ids: ['a1b2c3d4e5f60718'],
    });
    // antd in jsdom is slow on this shared machine; the steps above are many.
  }, 120_000);

  it('shows an empty state for font sizes and refuses a regular expression that could stall the crawler before sending it', async () => {
    const server = installFakeServer({
      'POST /api/project/details': () => ok({ project: PROJECT }),
      'POST /api/parser/domainVerifications': () => ok({ domains: [] }),
      'POST /api/custom-font-size/get': () => ok({ customFontSizes: [], totalCount: 0 }),
      'POST /api/ignore-pattern/fetchIgnorePatterns': () => ok({ ignorePatterns: [], totalCount: 0 }),
    });
    renderPage();
    fireEvent.click(await screen.findByText('Font sizes'));
    expect(
      await screen.findByText('No custom font sizes: every language uses the page’s own size'),
    ).toBeTruthy();

    fireEvent.click(screen.getByText('Ignore patterns'));
    const card = await screen.findByTestId('ignore-patterns');
    fireEvent.change(within(card).getByTestId('ignore-patterns-input'), { target: { value: '/(a+)+$/' } });
    fireEvent.click(within(card).getByTestId('ignore-patterns-add'));
    await waitFor(() => expect(card.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(server.callsTo('POST /api/ignore-pattern/add')).toHaveLength(0);
  });

  it('verifies a domain and shows its level', async () => {
    const domain = { domainId: 'd1', hostname: 'mango.example.in', checkedAt: null };
    installFakeServer({
      'POST /api/project/details': () => ok({ project: PROJECT }),
      'POST /api/parser/domainVerifications': () => ok({ domains: [{ ...domain, verificationLevel: 0 }] }),
      'POST /api/parser/verifyScriptIntegration': () =>
        ok(
          {
            scriptFound: true,
            projectIdFound: true,
            url: 'https://mango.example.in/',
            domain: { ...domain, verificationLevel: 2, checkedAt: '2026-11-21T18:00:00.000Z' },
            domains: [{ ...domain, verificationLevel: 2, checkedAt: '2026-11-21T18:00:00.000Z' }],
          },
          'The Bhasha script and this project’s id were found on the page',
        ),
    });
    renderPage();
    const card = await screen.findByTestId('script-verification-card');
    expect((await within(card).findByTestId('verification-level')).textContent).toBe('None');
    fireEvent.click(within(card).getByTestId('verify-script'));
    await waitFor(() =>
      expect(within(card).getByTestId('verification-level').textContent).toBe('Project id verified'),
    );
    expect(
      await screen.findByText('The Bhasha script and this project’s id were found on the page'),
    ).toBeTruthy();
  });
});
