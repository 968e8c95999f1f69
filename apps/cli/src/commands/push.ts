import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { MAX_URLS_PER_CALL } from '@bhasha/contract';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { projectDetails } from '../project-api';
import { fileKind, sourceFiles, translationFile } from './files';
import { importTmx } from './tm';
import { pushAppStrings } from './app-strings';

interface UrlListResult {
  file: string;
  added: number;
  existing: number;
  failed: Array<{ url: string; reason: string }>;
}

function pick(result: { added: number; changed: number; removed: number }) {
  return { added: result.added, changed: result.changed, removed: result.removed };
}

/**
 * `bhasha push [files…] [--translations]`: sends source files to the project and, with
 * --translations, each language's existing translations into its translation memory.
 */
export async function push(context: CommandContext): Promise<void> {
  const config = context.config();
  const projectId = context.project();
  const client = context.client();
  const sources = sourceFiles(config, context.cwd, context.positionals);
  if (sources.length === 0) throw new CliError('No file matches the source patterns: nothing to push');

  const pushed: UrlListResult[] = [];
  const stringFiles: Array<{
    file: string;
    version: number;
    added: number;
    changed: number;
    removed: number;
  }> = [];
  for (const source of sources) {
    const kind = fileKind(source.path);
    const name = relative(context.cwd, source.path);
    if (kind === 'app-strings') {
      const result = await pushAppStrings(client, { projectId, root: config.root, path: source.path });
      const version = result.files[0]?.version ?? 1;
      stringFiles.push({ file: source.path, version, ...pick(result) });
      context.out.success(
        `${name}: version ${version}, ${result.added} new, ${result.changed} changed, ${result.removed} removed strings`,
      );
      for (const warning of result.warnings) context.out.error(warning);
      continue;
    }
    if (kind === 'tmx')
      throw new CliError(
        `${name}: a TMX file holds translations; name it as a translation pattern and push with --translations`,
      );
    if (kind !== 'url-list') throw new CliError(`${name}: Bhasha cannot take this kind of source file yet`);
    const urls = readFileSync(source.path, 'utf8')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const result: UrlListResult = { file: source.path, added: 0, existing: 0, failed: [] };
    for (let start = 0; start < urls.length; start += MAX_URLS_PER_CALL) {
      const answer = await client.call<Omit<UrlListResult, 'file'>>('scope/add', {
        projectId,
        urls: urls.slice(start, start + MAX_URLS_PER_CALL),
      });
      result.added += answer.added;
      result.existing += answer.existing;
      result.failed.push(...answer.failed);
    }
    pushed.push(result);
    context.out.success(`${name}: ${result.added} URLs added, ${result.existing} already in scope`);
    for (const failure of result.failed) context.out.error(`${failure.url}: ${failure.reason}`);
  }

  const translations = [];
  if (context.flags.translations) {
    const languages =
      typeof context.flags.lang === 'string'
        ? context.flags.lang.split(',')
        : (await projectDetails(client, projectId)).targetLanguages;
    for (const source of sources)
      for (const language of languages) {
        const path = translationFile(config.root, source, language);
        if (!existsSync(path)) continue;
        if (fileKind(path) !== 'tmx')
          throw new CliError(
            `${relative(context.cwd, path)}: Bhasha cannot take this kind of translation file yet`,
          );
        const result = await importTmx(client, context.out, {
          projectId,
          targetLang: language,
          path,
          overwrite: Boolean(context.flags.overwrite),
        });
        translations.push(result);
        context.out.success(
          `${relative(context.cwd, path)}: ${result.units} units, ${result.applied} applied`,
        );
      }
  }
  context.out.result({ projectId, sources: pushed, stringFiles, translations });
  if (pushed.some((result) => result.failed.length > 0))
    throw new CliError('Some URLs were refused (listed above)');
}
