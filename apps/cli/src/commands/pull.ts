import { relative, resolve } from 'node:path';
import type { AppFile } from '@bhasha/contract';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { projectDetails } from '../project-api';
import { fileKind, sourceFiles, translationFile } from './files';
import { exportTmx } from './tm';
import { appFilePath, appFilesByPath, pullAppStrings } from './app-strings';

/** `bhasha pull [--lang hi,ta] [--out DIR]`: writes each language's translations where the patterns say. */
export async function pull(context: CommandContext): Promise<void> {
  const config = context.config();
  const projectId = context.project();
  const client = context.client();
  const project = await projectDetails(client, projectId);
  const languages =
    typeof context.flags.lang === 'string' ? context.flags.lang.split(',') : project.targetLanguages;
  const unknown = languages.filter((language) => !project.targetLanguages.includes(language));
  if (unknown.length > 0)
    throw new CliError(
      `${unknown.join(', ')}: not a target language of ${project.name} (${project.targetLanguages.join(', ')})`,
    );
  const root = typeof context.flags.out === 'string' ? resolve(context.cwd, context.flags.out) : config.root;
  const sources = sourceFiles(config, context.cwd, context.positionals);
  if (sources.length === 0) throw new CliError('No file matches the source patterns: nothing to pull');

  const written: Array<{ file: string; targetLang: string; bytes: number }> = [];
  const stringFiles = sources.some((source) => fileKind(source.path) === 'app-strings')
    ? await appFilesByPath(client, projectId)
    : new Map<string, AppFile>();
  for (const source of sources)
    for (const language of languages) {
      const path = translationFile(root, source, language);
      if (fileKind(source.path) === 'app-strings') {
        const sourcePath = appFilePath(config.root, source.path);
        const bytes = await pullAppStrings(client, {
          projectId,
          file: stringFiles.get(sourcePath),
          sourcePath,
          targetLang: language,
          path,
        });
        written.push({ file: path, targetLang: language, bytes });
        context.out.success(`${relative(context.cwd, path)} (${language})`);
        continue;
      }
      if (fileKind(path) !== 'tmx')
        throw new CliError(
          `${relative(context.cwd, path)}: Bhasha cannot write this kind of translation file yet`,
        );
      const bytes = await exportTmx(client, projectId, language, path);
      written.push({ file: path, targetLang: language, bytes });
      context.out.success(`${relative(context.cwd, path)} (${language})`);
    }
  context.out.result({ projectId, written });
}
