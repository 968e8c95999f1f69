import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import type { Project } from '@bhasha/contract';
import { installFakeServer, ok } from '../../../test/fake-server';
import { buildProject } from '../../../test/project-fixtures';
import { SettingsPage } from '../../settings/pages/settings-page';
import { WorkspaceHomePage } from '../../workspace/pages/workspace-home-page';

const project = (id: string, name: string, type: Project['type']) =>
  buildProject([`${id}.example.in`], { id, projectId: id, name, type, targetLanguages: ['hi', 'ta'] });

const PROJECTS = [project('web1', 'Mango Mart', 'website'), project('api1', 'Mango API', 'api')];

afterEach(() => {
  vi.unstubAllGlobals();
});

function serveProjects() {
  return installFakeServer({
    'POST /api/project': (body) => {
      const { searchText } = body as { searchText?: string };
      const projectList = PROJECTS.filter((p) => !searchText || p.name.includes(searchText));
      return ok({ projectList, totalProjects: projectList.length });
    },
  });
}

function renderAt(path: string, element: React.ReactNode) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={`${path}/*`} element={element} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the project pickers built on ProjectPickerCard', () => {
  it('settings lists website projects only, each linking to its settings, and searches by name', async () => {
    const server = serveProjects();
    renderAt('/app/settings', <SettingsPage />);
    const rows = await screen.findAllByTestId('settings-project');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getAllByRole('link')[0]!.getAttribute('href')).toBe('/app/settings/web1');
    expect(server.callsTo('POST /api/project')[0]!.body).toEqual({ pageNumber: 1, pageSize: 20 });

    const search = screen.getByLabelText('Search projects');
    fireEvent.change(search, { target: { value: ' API ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await vi.waitFor(() =>
      expect(server.callsTo('POST /api/project').at(-1)!.body).toEqual({
        pageNumber: 1,
        pageSize: 20,
        searchText: 'API',
      }),
    );
  });

  it('the workspace lists every project with a link per target language', async () => {
    const server = serveProjects();
    renderAt('/app/workspace', <WorkspaceHomePage />);
    const rows = await screen.findAllByTestId('workspace-project');
    expect(rows).toHaveLength(2);
    const hrefs = within(rows[0]!)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/app/workspace/web1/hi',
      '/app/workspace/web1/ta',
      '/app/workspace/web1/suggestions',
      '/app/workspace/web1/feedback',
    ]);
    expect(server.callsTo('POST /api/project')[0]!.body).toEqual({ pageNumber: 1, pageSize: 10 });
  });
});
