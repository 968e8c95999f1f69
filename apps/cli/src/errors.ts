/** Exit codes CI scripts can rely on: 0 done, 1 the work failed, 2 the command was wrong. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** A failure the CLI explains in one line; `exitCode` says whether the work or the command failed. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
  }
}

/** The command line itself is wrong: unknown command or flag, missing value, nothing to act on. */
export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}
