import type { Logger } from './logger';

/**
 * Work a request starts but does not wait for (e.g. the password-reset lookup and e-mail, whose
 * timing must not reveal whether an account exists). Failures are logged; `drain` lets shutdown
 * and tests wait until every started task has finished.
 */
export function createBackgroundTasks(log: Logger) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<unknown>): void {
      const promise: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },

    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
