import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { PROJECT_FILE, projectFileTemplate } from '../project-file';

/** `bhasha init`: writes a commented bhasha.yml here (never over an existing one without --force). */
export function init(context: CommandContext): void {
  const path = resolve(context.cwd, context.flags.config ?? PROJECT_FILE);
  if (existsSync(path) && !context.flags.force)
    throw new CliError(`${path} exists already; pass --force to write it again`);
  const url = context.flags.url ?? context.env.BHASHA_URL ?? 'http://localhost:3000';
  writeFileSync(path, projectFileTemplate(url, context.flags.project ?? context.env.BHASHA_PROJECT));
  context.out.result({ written: path });
  context.out.success(`Wrote ${path}: set the project id and the file patterns in it.`);
}
