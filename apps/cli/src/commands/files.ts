import { existsSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import type { CliConfig } from '../config';
import { usageError } from '../errors';
import { findFiles, globToRegExp, toPosix, translationPath } from '../patterns';
import type { FileMapping } from '../project-file';
import { PROJECT_FILE } from '../project-file';

/** A source file and the mapping it belongs to. */
export interface SourceFile {
  path: string;
  mapping: FileMapping;
}

/** The source files a push or pull acts on: those named, or every file matching a source pattern. */
export function sourceFiles(config: CliConfig, cwd: string, named: readonly string[]): SourceFile[] {
  if (config.files.length === 0)
    throw usageError(
      `${PROJECT_FILE} lists no files: add source and translation patterns (bhasha init writes an example)`,
    );
  if (named.length === 0)
    return config.files.flatMap((mapping) =>
      findFiles(config.root, mapping.source).map((path) => ({ path, mapping })),
    );
  return named.map((name) => {
    const path = resolve(cwd, name);
    if (!existsSync(path)) throw usageError(`${name}: no such file`);
    const relativePath = toPosix(relative(config.root, path));
    const mapping = config.files.find((candidate) => globToRegExp(candidate.source).test(relativePath));
    if (!mapping) throw usageError(`${name} matches no source pattern in ${PROJECT_FILE}`);
    return { path, mapping };
  });
}

/** Where a source file's translation into one language lives, under `root`. */
export function translationFile(root: string, source: SourceFile, locale: string): string {
  return resolve(root, translationPath(source.mapping.translation, locale, source.path));
}

/** A file's kind by its extension, as the server can take it today. */
export type FileKind = 'url-list' | 'tmx' | 'app-strings';

/** Mobile-app string files: Android resources and iOS `.strings`, `.stringsdict`, String Catalogs. */
const APP_STRING_EXTENSIONS = new Set(['.xml', '.strings', '.stringsdict', '.xcstrings']);

export function fileKind(path: string): FileKind | undefined {
  const extension = extname(path).toLowerCase();
  if (extension === '.txt') return 'url-list';
  if (extension === '.tmx') return 'tmx';
  if (APP_STRING_EXTENSIONS.has(extension)) return 'app-strings';
  return undefined;
}
