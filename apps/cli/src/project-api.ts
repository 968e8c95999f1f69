import type { Project, TmxImportState } from '@bhasha/contract';
import type { BhashaClient } from './api-client';
import type { Progress } from './output';

/** Every project the caller can see, page by page. */
export async function listProjects(client: BhashaClient): Promise<Project[]> {
  const projects: Project[] = [];
  for (let pageNumber = 1; ; pageNumber += 1) {
    const page = await client.call<{ projectList: Project[]; totalProjects: number }>('project', {
      pageNumber,
      pageSize: 100,
    });
    projects.push(...page.projectList);
    if (page.projectList.length === 0 || projects.length >= page.totalProjects) return projects;
  }
}

export function projectDetails(client: BhashaClient, projectId: string): Promise<Project> {
  return client.call<{ project: Project }>('project/details', { projectId }).then((data) => data.project);
}

/** Polls an import until it completes or fails, reporting units read against the file's. */
export async function waitForTmxImport(
  client: BhashaClient,
  projectId: string,
  importId: string,
  progress: Progress,
  pollMs = 500,
): Promise<TmxImportState> {
  for (;;) {
    const state = await client.call<TmxImportState>('translation/tm/import/tmx/status', {
      projectId,
      importId,
    });
    progress.update(state.units, state.total);
    if (state.status === 'completed' || state.status === 'failed') {
      progress.finish();
      return state;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
