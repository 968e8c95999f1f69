import { parseArgs } from 'node:util';
import { init } from './commands/init';
import { projects } from './commands/projects';
import { pull } from './commands/pull';
import { push } from './commands/push';
import { status } from './commands/status';
import { tm } from './commands/tm';
import { translate } from './commands/translate';
import { createContext, type CommandContext } from './context';
import { CliError, EXIT, usageError } from './errors';
import { createOutput } from './output';

const VERSION = '0.1.0';

const COMMANDS: Record<string, (context: CommandContext) => void | Promise<void>> = {
  init,
  projects,
  status,
  push,
  pull,
  translate,
  tm,
};

const HELP = `bhasha ${VERSION}: localise from your build pipeline

Usage: bhasha <command> [options]

Commands:
  init                       write a commented bhasha.yml here
  projects                   list the projects you can see
  status                     progress per language, in words and strings
  push [files…]              send source files (and, with --translations, existing translations)
  pull                       write each language's translations where bhasha.yml says
  translate --lang hi,ta     machine-translate what has no translation yet and wait for it
  tm export --lang L         write the project's translation memory for L as TMX
  tm import FILE --lang L    import a TMX file into the project's translation memory

Options:
  --url URL                  the Bhasha server (else BHASHA_URL, else bhasha.yml)
  --project ID               the project (else BHASHA_PROJECT, else bhasha.yml)
  --api-key KEY              sign in with a key (else BHASHA_API_KEY, else BHASHA_EMAIL + BHASHA_PASSWORD)
  --config FILE              another project file than ./bhasha.yml
  --lang hi,ta               languages to act on (default: the project's target languages)
  --engine ID                translate: the machine translation engine (default: the project's)
  --out DIR                  pull or export into DIR instead of the project file's folder
  --translations             push: also import existing translations
  --overwrite                imports replace translations the project already has
  --force                    init: write over an existing bhasha.yml
  --json                     print the result as JSON (for scripts)
  -h, --help, -v, --version

Exit codes: 0 done, 1 the work failed, 2 the command line was wrong.
`;

/** Runs one command line and answers its exit code; nothing here calls process.exit. */
export async function runCli(
  argv: readonly string[],
  io: {
    stdout: NodeJS.WritableStream & { isTTY?: boolean };
    stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
    env: NodeJS.ProcessEnv;
    cwd: string;
  },
): Promise<number> {
  const json = argv.includes('--json');
  const out = createOutput({ json, stdout: io.stdout, stderr: io.stderr, env: io.env });
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        project: { type: 'string' },
        'api-key': { type: 'string' },
        config: { type: 'string' },
        lang: { type: 'string' },
        out: { type: 'string' },
        engine: { type: 'string' },
        translations: { type: 'boolean' },
        overwrite: { type: 'boolean' },
        force: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
    if (values.version) {
      io.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    const [name, ...rest] = positionals;
    if (values.help || !name) {
      io.stdout.write(HELP);
      return values.help ? EXIT.ok : EXIT.usage;
    }
    const command = COMMANDS[name];
    if (!command) throw usageError(`Unknown command ${name}: bhasha --help lists them`);
    const { 'api-key': apiKey, ...flags } = values;
    await command(
      createContext({ positionals: rest, flags: { ...flags, apiKey }, cwd: io.cwd, env: io.env, out }),
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CliError) {
      out.error(error.message);
      return error.exitCode;
    }
    // parseArgs names the unknown or malformed option itself.
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      out.error(`${(error as Error).message}; bhasha --help lists the options`);
      return EXIT.usage;
    }
    out.error((error as Error).stack ?? String(error));
    return EXIT.failure;
  }
}
