import type { Clock } from '../../lib/clock';

/**
 * How many new segments visitors' browsers may add to one project per hour. Reports come from
 * anonymous browsers; without a budget one page with generated text (or a hostile script) could
 * fill a project's memory. Kept per process: with several web processes the budget is per process,
 * which still bounds the growth.
 */
export function createNewContentBudget(clock: Clock, perHour: number) {
  const used = new Map<string, { hour: number; count: number }>();
  return {
    /** Takes up to `wanted` from the project's budget and answers how many were granted. */
    take(projectId: string, wanted: number): number {
      const hour = Math.floor(clock.now().getTime() / 3_600_000);
      let entry = used.get(projectId);
      if (!entry || entry.hour !== hour) {
        if (used.size > 10_000) used.clear();
        entry = { hour, count: 0 };
        used.set(projectId, entry);
      }
      const granted = Math.max(0, Math.min(wanted, perHour - entry.count));
      entry.count += granted;
      return granted;
    },
  };
}

export type NewContentBudget = ReturnType<typeof createNewContentBudget>;
