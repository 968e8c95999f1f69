import { BhashaClient } from './api-client';
import { resolveConfig, requireProject, type CliConfig, type GlobalFlags } from './config';
import type { Output } from './output';

/** What every command receives: its arguments, the output, and the configuration and client on demand. */
export interface CommandContext {
  positionals: string[];
  flags: GlobalFlags & Record<string, string | boolean | undefined>;
  cwd: string;
  env: NodeJS.ProcessEnv;
  out: Output;
  config(): CliConfig;
  client(): BhashaClient;
  project(): string;
}

export function createContext(
  options: Omit<CommandContext, 'config' | 'client' | 'project'>,
): CommandContext {
  let config: CliConfig | undefined;
  let client: BhashaClient | undefined;
  const context: CommandContext = {
    ...options,
    config: () => (config ??= resolveConfig(options.flags, options.env, options.cwd)),
    client: () => (client ??= new BhashaClient(context.config().url, context.config().credentials)),
    project: () => requireProject(context.config()),
  };
  return context;
}
