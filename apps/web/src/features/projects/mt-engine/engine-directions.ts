import type { NmtEngine } from '@bhasha/contract';

/**
 * Whether an engine translates source → target: `yes`, `no`, or `unknown` when the server could
 * not ask it for its pairs (it may be down; a run would then report what happened).
 */
export type DirectionSupport = 'yes' | 'no' | 'unknown';

export function directionSupport(engine: NmtEngine, source: string, target: string): DirectionSupport {
  if (!engine.available) return 'unknown';
  return engine.languagePairs.some((pair) => pair.source === source && pair.target === target) ? 'yes' : 'no';
}

/** The target languages an engine is known not to translate into from the source language. */
export function unsupportedTargets(engine: NmtEngine, source: string, targets: readonly string[]): string[] {
  return targets.filter((target) => directionSupport(engine, source, target) === 'no');
}
