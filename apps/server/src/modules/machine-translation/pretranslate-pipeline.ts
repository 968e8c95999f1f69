import type { MtProvider, MtSegment } from '@bhasha/mt';

/** A segment to pre-translate. */
export interface PretranslateSegment {
  id: string;
  text: string;
}

/** The translation memory as the pipeline asks it: exact first, then fuzzy, once each per segment. */
export interface PretranslateMemory {
  /** The stored translation of exactly this source text, if any (a hash lookup: cheap). */
  exact(text: string): string | undefined;
  /** The best fuzzy match's translation at or above the caller's threshold, if any (CPU-bound). */
  fuzzy(text: string): { translation: string; score: number } | undefined;
}

export type PretranslateOrigin = 'exact' | 'fuzzy' | 'machine' | 'unchanged';

export interface PretranslateResult {
  id: string;
  translation: string | null;
  origin: PretranslateOrigin;
  score?: number;
}

export interface PretranslateStats {
  exact: number;
  fuzzy: number;
  machine: number;
  unchanged: number;
  fuzzyLookups: number;
  mtRequests: number;
}

/** CPU time of TM lookups before the pipeline lets answered MT requests be handled. */
const LOOKUP_SLICE_MS = 4;

/**
 * Pre-translation of new segments (issue 7): the translation memory is asked first (exact, then
 * fuzzy, each segment once), and only the misses go to the engine, in chunks of the engine's
 * batch size with up to its concurrency in flight. Lookups and engine requests overlap: misses
 * are sent as soon as a chunk is full while the lookups go on, and the lookups yield every few
 * milliseconds so answers are stored as they arrive. Wall time is therefore near the larger of
 * the two floors (all lookups; ⌈misses / batch⌉ / concurrency round trips), not their sum.
 * Each result is handed to `onResult` as soon as it is known (in chunks for the engine's).
 */
export async function pretranslate(
  segments: readonly PretranslateSegment[],
  deps: {
    memory: PretranslateMemory;
    provider: MtProvider;
    sourceLang: string;
    targetLang: string;
    onResults: (results: readonly PretranslateResult[]) => void | Promise<void>;
    signal?: AbortSignal;
  },
): Promise<PretranslateStats> {
  const { provider } = deps;
  const batchSize = provider.limits.maxSegmentsPerRequest;
  const lanes = provider.limits.maxConcurrency;
  const stats: PretranslateStats = {
    exact: 0,
    fuzzy: 0,
    machine: 0,
    unchanged: 0,
    fuzzyLookups: 0,
    mtRequests: 0,
  };

  const waiting: MtSegment[][] = [];
  let pending: MtSegment[] = [];
  let inFlight = 0;
  let failure: { error: unknown } | null = null;
  const settled: Promise<void>[] = [];
  let wake: (() => void) | null = null;

  const send = (chunk: MtSegment[]) => {
    inFlight += 1;
    const request = provider
      .translate({
        sourceLang: deps.sourceLang,
        targetLang: deps.targetLang,
        segments: chunk,
        ...(deps.signal ? { signal: deps.signal } : {}),
      })
      .then(async (response) => {
        stats.mtRequests += response.usage.requests;
        const results = response.results.map((result): PretranslateResult => {
          const isUsable = result.status !== 'source';
          if (isUsable) stats.machine += 1;
          else stats.unchanged += 1;
          return {
            id: result.id,
            translation: isUsable ? result.translation : null,
            origin: isUsable ? 'machine' : 'unchanged',
          };
        });
        await deps.onResults(results);
      })
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => {
        inFlight -= 1;
        const next = waiting.shift();
        if (next && !failure) send(next);
        wake?.();
      });
    settled.push(request);
  };
  const dispatch = (chunk: MtSegment[]) => {
    if (inFlight < lanes) send(chunk);
    else waiting.push(chunk);
  };

  let sliceStart = performance.now();
  let found: PretranslateResult[] = [];
  for (const segment of segments) {
    if (failure) break;
    const exact = deps.memory.exact(segment.text);
    if (exact !== undefined) {
      stats.exact += 1;
      found.push({ id: segment.id, translation: exact, origin: 'exact', score: 100 });
    } else {
      stats.fuzzyLookups += 1;
      const fuzzy = deps.memory.fuzzy(segment.text);
      if (fuzzy) {
        stats.fuzzy += 1;
        found.push({ id: segment.id, translation: fuzzy.translation, origin: 'fuzzy', score: fuzzy.score });
      } else {
        pending.push({ id: segment.id, text: segment.text });
        if (pending.length === batchSize) {
          dispatch(pending);
          pending = [];
        }
      }
    }
    if (performance.now() - sliceStart >= LOOKUP_SLICE_MS) {
      // Let answered requests be stored and the next waiting chunk go out.
      if (found.length > 0) await deps.onResults(found);
      found = [];
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
  if (found.length > 0) await deps.onResults(found);
  if (pending.length > 0 && !failure) dispatch(pending);
  while ((inFlight > 0 || waiting.length > 0) && !failure) {
    await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
  }
  await Promise.all(settled);
  if (failure) throw (failure as { error: unknown }).error;
  return stats;
}
