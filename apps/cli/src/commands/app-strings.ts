import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import type { AppFile, AppFileUploadResult } from '@bhasha/contract';
import type { BhashaClient } from '../api-client';
import { CliError } from '../errors';
import { toPosix } from '../patterns';

/*
 * Mobile-app string files (ADR 0048): a push uploads a source file under its path in the
 * repository (a path the project has becomes its new version); a pull downloads the file written
 * in one language, exactly the source but for the translated text.
 */

/** The file's path as the project knows it: relative to the project file's folder, with '/'. */
export function appFilePath(root: string, path: string): string {
  return toPosix(relative(root, path));
}

export async function pushAppStrings(
  client: BhashaClient,
  input: { projectId: string; root: string; path: string },
): Promise<AppFileUploadResult> {
  // The project also in the address: a key restricted to this project is checked before the form.
  return client.upload<AppFileUploadResult>(
    `translation/xmlFileTranslation?projectId=${encodeURIComponent(input.projectId)}`,
    { projectId: input.projectId, path: appFilePath(input.root, input.path) },
    { name: basename(input.path), bytes: readFileSync(input.path), contentType: 'application/octet-stream' },
  );
}

/** The project's string files by path (one call for a whole pull). */
export async function appFilesByPath(client: BhashaClient, projectId: string): Promise<Map<string, AppFile>> {
  const { files } = await client.call<{ files: AppFile[] }>('translation/stringxmlFileurls', { projectId });
  return new Map(files.map((file) => [file.path, file]));
}

export async function pullAppStrings(
  client: BhashaClient,
  input: {
    projectId: string;
    file: AppFile | undefined;
    sourcePath: string;
    targetLang: string;
    path: string;
  },
): Promise<number> {
  if (!input.file)
    throw new CliError(`${input.sourcePath}: not in the project yet; push it first (bhasha push)`);
  const bytes = await client.download('translation/getStringxmlFilePathByLanguage', {
    projectId: input.projectId,
    fileId: input.file.fileId,
    targetLang: input.targetLang,
  });
  mkdirSync(dirname(input.path), { recursive: true });
  writeFileSync(input.path, bytes);
  return bytes.byteLength;
}
