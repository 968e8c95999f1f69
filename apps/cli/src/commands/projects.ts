import type { CommandContext } from '../context';
import { listProjects } from '../project-api';

/** `bhasha projects`: the projects the key or user can see. */
export async function projects(context: CommandContext): Promise<void> {
  const list = await listProjects(context.client());
  context.out.result(
    list.map(({ projectId, name, type, status, sourceLanguage, targetLanguages }) => ({
      projectId,
      name,
      type,
      status,
      sourceLanguage,
      targetLanguages,
    })),
  );
  if (list.length === 0) {
    context.out.line('No projects yet: create one in the dashboard.');
    return;
  }
  context.out.table(
    ['ID', 'NAME', 'TYPE', 'STATUS', 'LANGUAGES'],
    list.map((project) => [
      project.projectId,
      project.name,
      project.type,
      project.status,
      `${project.sourceLanguage} → ${project.targetLanguages.join(', ')}`,
    ]),
  );
}
