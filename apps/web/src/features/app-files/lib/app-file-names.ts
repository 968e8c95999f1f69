import { APP_FILE_EXTENSIONS, MAX_APP_FILE_UPLOAD_BYTES } from '@bhasha/contract';

/** What the dragger's file chooser offers. */
export const APP_FILE_ACCEPT = APP_FILE_EXTENSIONS.join(',');

/** The upload limit in whole megabytes, for messages. */
export const MAX_UPLOAD_MB = Math.round(MAX_APP_FILE_UPLOAD_BYTES / (1024 * 1024));

/** Why a chosen file cannot be sent, checked before the upload so nothing large travels for nothing. */
export function uploadProblem(file: { name: string; size: number }): 'wrongFile' | 'tooLarge' | null {
  const name = file.name.toLowerCase();
  if (!APP_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'wrongFile';
  if (file.size > MAX_APP_FILE_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** The last part of a path (`res/values-hi/strings.xml` → `strings.xml`). */
export function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}

/**
 * The name a single exported file is saved under: its folder and name in the app
 * (`values-hi-strings.xml`, `hi.lproj-Localizable.strings`), since Android's files all share
 * one name and the folder is what tells the languages apart.
 */
export function exportFileName(exportPath: string): string {
  const parts = exportPath.split(/[\\/]/).filter(Boolean);
  return parts.slice(-2).join('-') || exportPath;
}

/** The name of a zip of the project's files: one language's, or every language's. */
export function exportZipName(projectName: string, language?: string): string {
  const slug =
    projectName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'strings';
  return `${slug}-${language ?? 'all-languages'}.zip`;
}
