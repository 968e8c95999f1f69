import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { TmxImportResponse } from '@bhasha/contract';
import type { BhashaClient } from '../api-client';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import type { Output } from '../output';
import { waitForTmxImport } from '../project-api';

/** Imports one TMX file into a project's language and waits for the import job. */
export async function importTmx(
  client: BhashaClient,
  out: Output,
  options: { projectId: string; targetLang: string; path: string; overwrite: boolean },
): Promise<{ file: string; targetLang: string; units: number; applied: number; addedToMemory: number }> {
  const started = await client.upload<TmxImportResponse>(
    'translation/tm/import/tmx',
    { projectId: options.projectId, targetLang: options.targetLang, overwrite: String(options.overwrite) },
    { name: basename(options.path), bytes: readFileSync(options.path), contentType: 'application/x-tmx+xml' },
  );
  const state =
    started.status === 'completed'
      ? { ...started, error: null }
      : await waitForTmxImport(
          client,
          options.projectId,
          started.importId,
          out.progress(`${basename(options.path)} → ${options.targetLang}`),
        );
  if (state.status === 'failed')
    throw new CliError(`Importing ${options.path} failed: ${state.error ?? 'unknown error'}`);
  return {
    file: options.path,
    targetLang: options.targetLang,
    units: state.units,
    applied: state.applied,
    addedToMemory: state.addedToMemory,
  };
}

/** Writes a language's translation memory of the project as TMX. */
export async function exportTmx(
  client: BhashaClient,
  projectId: string,
  targetLang: string,
  path: string,
): Promise<number> {
  const bytes = await client.download('translation/tm/export/tmx', { projectId, targetLang });
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return bytes.byteLength;
}

/** `bhasha tm export --lang hi [--out FILE]` and `bhasha tm import FILE --lang hi [--overwrite]`. */
export async function tm(context: CommandContext): Promise<void> {
  const [action, ...files] = context.positionals;
  const targetLang = typeof context.flags.lang === 'string' ? context.flags.lang : undefined;
  if (!targetLang || targetLang.includes(','))
    throw usageError(`tm ${action ?? ''} needs --lang with one language code`);
  const projectId = context.project();
  if (action === 'export') {
    const path = resolve(
      context.cwd,
      typeof context.flags.out === 'string' ? context.flags.out : `${projectId}-${targetLang}.tmx`,
    );
    const bytes = await exportTmx(context.client(), projectId, targetLang, path);
    context.out.result({ file: path, targetLang, bytes });
    context.out.success(`Wrote ${path} (${bytes} bytes)`);
    return;
  }
  if (action === 'import') {
    if (files.length !== 1) throw usageError('tm import takes one TMX file');
    const result = await importTmx(context.client(), context.out, {
      projectId,
      targetLang,
      path: resolve(context.cwd, files[0]!),
      overwrite: Boolean(context.flags.overwrite),
    });
    context.out.result(result);
    context.out.success(
      `Imported ${result.units} units: ${result.applied} translations applied, ${result.addedToMemory} added to the memory`,
    );
    return;
  }
  throw usageError('tm takes export or import');
}
