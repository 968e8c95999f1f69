/**
 * An upload split into what it is: a single resource file is one source; a ZIP of a `res/` tree,
 * of `.lproj` folders or of JSON locales gives the source files (in the source language's folder
 * or name, or in none) and the translations found beside them (`values-hi/strings.xml` beside
 * `values/strings.xml`, `hi.lproj/X.strings` beside `en.lproj/X.strings` or `Base.lproj/X.strings`),
 * so a half-translated app starts where it is. Members that are no resource file are ignored, and
 * so is a translation with no source beside it.
 */
import { readZip } from '../zip/read';
import { detectResourceFormat } from './detect';
import { languageOfResourcePath, resourcePathForLanguage } from './paths';
import type { ArchiveEntry, ArchiveLimits, ResourceFormat } from './types';

export interface UploadedResourceFiles {
  readonly sources: ArchiveEntry[];
  readonly besides: { sourcePath: string; language: string; entry: ArchiveEntry }[];
}

/** A ZIP archive starts with a local header (or, empty, with the end record). */
function isZip(fileName: string, bytes: Uint8Array): boolean {
  const magic = bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
  return magic || fileName.toLowerCase().endsWith('.zip');
}

/** A language no file is named by: its path for a file is that file's path with the language taken out. */
const NO_LANGUAGE = 'qqq';

/** The path with its language taken out, so a translation and its source compare equal. */
function pairingKey(path: string, format: ResourceFormat, language: string): string {
  return `${format}:${resourcePathForLanguage(path, format, language, NO_LANGUAGE)}`;
}

export function resourceFilesOfUpload(
  fileName: string,
  bytes: Uint8Array,
  sourceLanguage: string,
  knownCodes: readonly string[],
  limits?: Partial<ArchiveLimits>,
): UploadedResourceFiles {
  if (!isZip(fileName, bytes)) return { sources: [{ path: fileName, bytes }], besides: [] };
  const members = readZip(bytes, limits).flatMap((entry) => {
    const format = detectResourceFormat(entry.path, entry.bytes);
    return format === undefined
      ? []
      : [{ entry, format, language: languageOfResourcePath(entry.path, knownCodes) }];
  });
  const isSource = (language: string | undefined) =>
    language === undefined || language.toLowerCase() === sourceLanguage.toLowerCase();
  const sources = members.filter((member) => isSource(member.language));
  const bySourceKey = new Map(
    sources.map((source) => [
      pairingKey(source.entry.path, source.format, source.language ?? sourceLanguage),
      source.entry.path,
    ]),
  );
  const besides: UploadedResourceFiles['besides'] = [];
  for (const member of members) {
    if (isSource(member.language)) continue;
    const sourcePath = bySourceKey.get(pairingKey(member.entry.path, member.format, member.language!));
    if (sourcePath !== undefined)
      besides.push({ sourcePath, language: member.language!, entry: member.entry });
  }
  return { sources: sources.map((source) => source.entry), besides };
}
