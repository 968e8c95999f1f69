import type { Clock } from '../../lib/clock';

/** How much anonymous visitors may add per hour: to one project, and from one client address within it. */
export interface HourlyBudgetLimits {
  perProject: number;
  perClient: number;
}

/**
 * An hourly budget of what visitors' browsers may add to a project (new segments, suggestions,
 * feedback). Reports come from anonymous browsers; without a budget one page with generated text
 * (or a hostile script) could fill a project's memory. Each client address also has its own share,
 * so one client that spends its share is refused while other visitors of the same project still
 * get through. Kept per process: with several web processes the budget is per process, which still
 * bounds the growth.
 */
export function createNewContentBudget(clock: Clock, limits: HourlyBudgetLimits) {
  const used = new Map<string, { hour: number; count: number }>();

  function entryOf(key: string, hour: number) {
    let entry = used.get(key);
    if (!entry || entry.hour !== hour) {
      if (used.size > 50_000) used.clear();
      entry = { hour, count: 0 };
      used.set(key, entry);
    }
    return entry;
  }

  return {
    /** Takes up to `wanted` from the project's and the client's budgets and answers how many were granted. */
    take(projectId: string, client: string, wanted: number): number {
      const hour = Math.floor(clock.now().getTime() / 3_600_000);
      const project = entryOf(projectId, hour);
      const fromClient = entryOf(`${projectId}|${client}`, hour);
      const granted = Math.max(
        0,
        Math.min(wanted, limits.perProject - project.count, limits.perClient - fromClient.count),
      );
      project.count += granted;
      fromClient.count += granted;
      return granted;
    },
  };
}

export type NewContentBudget = ReturnType<typeof createNewContentBudget>;
