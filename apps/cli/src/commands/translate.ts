import { randomUUID } from 'node:crypto';
import type { NmtRun } from '@bhasha/contract';
import type { BhashaClient } from '../api-client';
import type { CommandContext } from '../context';
import { CliError, usageError } from '../errors';
import type { Progress } from '../output';
import { projectDetails } from '../project-api';

/** How often a run's state is asked for while the CLI waits on it. */
const POLL_MS = 500;

/**
 * `bhasha translate --lang hi[,ta] [--engine ID]`: one machine translation run per language over
 * every string that has no translation yet, waited for with a progress bar. A run that fails, or
 * an engine that cannot serve a language, makes the command fail after every language was tried.
 */
export async function translate(context: CommandContext): Promise<void> {
  if (typeof context.flags.lang !== 'string' || context.flags.lang.trim() === '')
    throw usageError('translate needs --lang with one or more language codes (e.g. --lang hi,ta)');
  const languages = [...new Set(context.flags.lang.split(',').map((code) => code.trim()))].filter(Boolean);
  const engine = typeof context.flags.engine === 'string' ? context.flags.engine : undefined;
  const projectId = context.project();
  const client = context.client();
  const project = await projectDetails(client, projectId);
  const unknown = languages.filter((language) => !project.targetLanguages.includes(language));
  if (unknown.length > 0)
    throw new CliError(
      `${unknown.join(', ')}: not a target language of ${project.name} (${project.targetLanguages.join(', ')})`,
    );

  const runs: NmtRun[] = [];
  const problems: string[] = [];
  for (const targetLang of languages) {
    const accepted = await client
      .call<{ run: NmtRun }>('translation/nmt/apply', {
        projectId,
        targetLang,
        origin: 'all',
        tp: 'untranslated',
        requestId: `cli-${targetLang}-${randomUUID()}`,
        ...(engine ? { nmtService: engine } : {}),
      })
      .catch((error: unknown) => {
        if (!(error instanceof CliError)) throw error;
        problems.push(`${targetLang}: ${error.message}`);
        return null;
      });
    if (!accepted) continue;
    const run = await waitForRun(
      client,
      accepted.run,
      context.out.progress(`${targetLang} (${accepted.run.nmtService})`),
    );
    runs.push(run);
    if (run.status === 'failed') problems.push(`${targetLang}: ${run.error ?? 'the run failed'}`);
    else
      context.out.success(
        `${targetLang}: ${run.translated} translated, ${run.skipped} already translated, ${run.unchanged} left as they were`,
      );
  }
  context.out.result({
    projectId,
    runs: runs.map((run) => ({
      targetLang: run.targetLang,
      engine: run.nmtService,
      requestId: run.requestId,
      status: run.status,
      total: run.total,
      translated: run.translated,
      skipped: run.skipped,
      unchanged: run.unchanged,
      error: run.error,
    })),
    problems,
  });
  // Every language was tried; the failures are reported together, one clause each.
  if (problems.length > 0) throw new CliError(problems.join('; '));
}

/** Polls translation/nmt/status until the run completes or fails, moving the progress bar. */
async function waitForRun(client: BhashaClient, first: NmtRun, progress: Progress): Promise<NmtRun> {
  let run = first;
  for (;;) {
    progress.update(run.done, run.total);
    if (run.status === 'completed' || run.status === 'failed') {
      progress.finish();
      return run;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    run = (
      await client.call<{ run: NmtRun }>('translation/nmt/status', {
        projectId: run.projectId,
        requestId: run.requestId,
      })
    ).run;
  }
}
