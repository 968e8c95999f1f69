import { resolve } from 'node:path';
import { usageError } from './errors';
import { PROJECT_FILE, readProjectFile, type FileMapping } from './project-file';

/** How the CLI signs in: a key for machines, or a user's e-mail and password. */
export type Credentials = { apiKey: string } | { email: string; password: string };

export interface CliConfig {
  url: string;
  project: string | undefined;
  credentials: Credentials | undefined;
  files: FileMapping[];
  /** The folder paths in bhasha.yml are relative to. */
  root: string;
}

export interface GlobalFlags {
  url?: string | undefined;
  project?: string | undefined;
  apiKey?: string | undefined;
  config?: string | undefined;
}

/** Flags first, then the environment, then bhasha.yml: the nearest source wins, as in other CLIs. */
export function resolveConfig(flags: GlobalFlags, env: NodeJS.ProcessEnv, cwd: string): CliConfig {
  const filePath = resolve(cwd, flags.config ?? PROJECT_FILE);
  const file = readProjectFile(filePath);
  const url = flags.url ?? env.BHASHA_URL ?? file.url;
  if (!url)
    throw usageError(
      `No server: pass --url, set BHASHA_URL, or run \`bhasha init\` to write ${PROJECT_FILE}`,
    );
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw usageError(`The server URL ${url} is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw usageError(`The server URL must start with http:// or https:// (got ${url})`);
  const apiKey = flags.apiKey ?? env.BHASHA_API_KEY;
  const credentials: Credentials | undefined = apiKey
    ? { apiKey }
    : env.BHASHA_EMAIL && env.BHASHA_PASSWORD
      ? { email: env.BHASHA_EMAIL, password: env.BHASHA_PASSWORD }
      : undefined;
  return {
    url: parsed.toString().replace(/\/+$/, ''),
    project: flags.project ?? env.BHASHA_PROJECT ?? file.project,
    credentials,
    files: file.files,
    root: resolve(filePath, '..'),
  };
}

/** The project a command acts on, or a usage error that says how to name one. */
export function requireProject(config: CliConfig): string {
  if (!config.project)
    throw usageError(`No project: pass --project ID, set BHASHA_PROJECT, or add project: to ${PROJECT_FILE}`);
  return config.project;
}
