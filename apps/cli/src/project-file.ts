import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { usageError } from './errors';

/** The project file a repository keeps at its root, as crowdin.yml is kept. */
export const PROJECT_FILE = 'bhasha.yml';

/** One kind of file: where the sources are, and where each language's translation goes. */
export interface FileMapping {
  source: string;
  translation: string;
}

export interface ProjectFile {
  url?: string;
  project?: string;
  files: FileMapping[];
}

/** Reads bhasha.yml; a missing file is an empty one, a malformed one says what is wrong. */
export function readProjectFile(path: string): ProjectFile {
  if (!existsSync(path)) return { files: [] };
  let document: unknown;
  try {
    document = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw usageError(`${path} is not valid YAML: ${(error as Error).message}`);
  }
  if (document === null || document === undefined) return { files: [] };
  if (typeof document !== 'object' || Array.isArray(document))
    throw usageError(`${path} must be a mapping of url, project and files`);
  const { url, project, files = [] } = document as Record<string, unknown>;
  if (url !== undefined && typeof url !== 'string') throw usageError(`${path}: url must be a string`);
  if (project !== undefined && typeof project !== 'string')
    throw usageError(`${path}: project must be a project id (a string)`);
  if (!Array.isArray(files)) throw usageError(`${path}: files must be a list`);
  const mappings = files.map((entry: unknown, index) => {
    const { source, translation } = (entry ?? {}) as Record<string, unknown>;
    if (typeof source !== 'string' || typeof translation !== 'string' || !source || !translation)
      throw usageError(`${path}: files[${index}] needs a source and a translation pattern`);
    return { source, translation };
  });
  return { ...(url ? { url } : {}), ...(project ? { project } : {}), files: mappings };
}

/** What `bhasha init` writes: every setting, commented. */
export function projectFileTemplate(url: string, project: string | undefined): string {
  return `# Bhasha project file: read by the bhasha command in this folder.
# Secrets do not belong here: set BHASHA_API_KEY (or BHASHA_EMAIL and BHASHA_PASSWORD) in the
# environment, e.g. as a CI secret.

# The Bhasha server.
url: ${url}

# The project to push to and pull from (its id; \`bhasha projects\` lists them).
${project ? `project: ${project}` : '# project: 00000000-0000-0000-0000-000000000000'}

# Which files are sources, and where each language's translation is written.
# In a pattern, * matches within a folder and ** across folders; a translation pattern may use
#   %locale%            hi, ta, zh-TW (the language code as Bhasha has it)
#   %two_letters_code%  hi, ta, zh
#   %android_code%      hi, ta, zh-rTW
#   %original_file_name% and %file_name% (without extension), %file_extension%
files:
  # A translation memory exchanged as TMX:
  - source: tm/*.tmx
    translation: tm/%locale%.tmx
  # A website project's pages, one URL a line:
  # - source: urls.txt
  #   translation: urls.txt
`;
}
