import type { DisplayType, TranslationType } from '@bhasha/contract';
import type { MtGlossaryTerm, MtProvider } from '@bhasha/mt';

/** A segment to pre-translate. */
export interface PretranslateSegment {
  id: string;
  text: string;
  /**
   * Segments of one group go to the engine together (the nmt.apply job meters usage per domain,
   * so a chunk never mixes domains). Absent: one group.
   */
  group?: string;
}

/** What the translation memory found for a segment. */
export interface MemoryMatch {
  translation: string;
  /** 100 for an exact match; the fuzzy score (percent) otherwise. */
  score: number;
  /** The matched translation's type and display type, when the memory knows them. */
  type?: TranslationType;
  displayType?: DisplayType;
}

/** The translation memory as the pipeline asks it: exact first, then fuzzy, once each per segment. */
export interface PretranslateMemory<S extends PretranslateSegment = PretranslateSegment> {
  /**
   * Called before the lookups of each slice of a page (up to the engine's batch size), for the I/O
   * they need (the job's exact matches by source hash: one query per slice); the lookups below
   * are then synchronous. Long CPU work in here should yield (`yieldToIo`) every few milliseconds.
   */
  prepare?(segments: readonly S[]): Promise<void>;
  /** The stored translation of exactly this source text, if any (a hash lookup: cheap). */
  exact(segment: S): MemoryMatch | undefined;
  /** The best fuzzy match at or above the memory's threshold, if any (CPU-bound). */
  fuzzy(segment: S): MemoryMatch | undefined;
}

/** The engine side of the pipeline: chunks of up to `batchSize`, up to `lanes` in flight. */
export interface PretranslateEngine<S extends PretranslateSegment = PretranslateSegment> {
  batchSize: number;
  lanes: number;
  /**
   * Translates one chunk (all of one group); answers in chunk order, null where the answer was
   * unusable. `requests` is the number of vendor requests it took.
   */
  translate(chunk: readonly S[]): Promise<{ translations: readonly (string | null)[]; requests: number }>;
}

export type PretranslateOrigin = 'exact' | 'fuzzy' | 'machine' | 'unchanged';

export interface PretranslateResult<S extends PretranslateSegment = PretranslateSegment> {
  segment: S;
  translation: string | null;
  origin: PretranslateOrigin;
  /** The memory's match of an exact or fuzzy result. */
  match?: MemoryMatch;
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
export const LOOKUP_SLICE_MS = 4;

/** Lets pending I/O callbacks (engine answers) run before the lookups go on. */
export const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A provider as the pipeline's engine: its batch size and concurrency, one request per chunk. */
export function providerEngine(
  provider: MtProvider,
  options: { sourceLang: string; targetLang: string; glossary?: MtGlossaryTerm[]; signal?: AbortSignal },
): PretranslateEngine {
  return {
    batchSize: provider.limits.maxSegmentsPerRequest,
    lanes: provider.limits.maxConcurrency,
    async translate(chunk) {
      const response = await provider.translate({
        sourceLang: options.sourceLang,
        targetLang: options.targetLang,
        segments: chunk.map((segment) => ({ id: segment.id, text: segment.text })),
        ...(options.glossary ? { glossary: options.glossary } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return {
        translations: response.results.map((result) =>
          result.status === 'source' ? null : result.translation,
        ),
        requests: response.usage.requests,
      };
    },
  };
}

/**
 * Pre-translation (issue 7): the translation memory is asked first (exact, then fuzzy, each
 * segment once), and only the misses go to the engine, in chunks of its batch size (per group)
 * with up to its lanes in flight. Lookups and engine requests overlap: a chunk is sent the moment
 * it is full while the lookups go on, and the lookups yield every few milliseconds so answers are
 * handled as they arrive. Wall time is therefore near the larger of the two floors (all lookups;
 * ⌈misses / batch⌉ / lanes round trips), not their sum.
 *
 * Segments come in pages (the nmt.apply job reads its run items with a keyset cursor); the next
 * page is only read while fewer than `lanes` chunks wait for a lane, so the reader stays at most
 * one round ahead of the engine. Every result goes to `onResults` as soon as it is known (memory
 * hits in slices, engine answers per chunk). On an engine or storage error no further chunk is
 * sent or page read; the error is thrown once the chunks in flight have settled.
 */
export async function pretranslate<S extends PretranslateSegment>(
  pages: Iterable<readonly S[]> | AsyncIterable<readonly S[]>,
  deps: {
    memory: PretranslateMemory<S>;
    engine: PretranslateEngine<S>;
    onResults: (results: readonly PretranslateResult<S>[]) => void | Promise<void>;
    signal?: AbortSignal;
  },
): Promise<PretranslateStats> {
  const { engine, memory } = deps;
  const stats: PretranslateStats = {
    exact: 0,
    fuzzy: 0,
    machine: 0,
    unchanged: 0,
    fuzzyLookups: 0,
    mtRequests: 0,
  };

  const waiting: S[][] = [];
  const filling = new Map<string | undefined, S[]>();
  let inFlight = 0;
  let failure: { error: unknown } | null = null;
  const settled: Promise<void>[] = [];
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  /** Waits (woken by each settled chunk) until `done` holds or something failed. */
  const until = async (done: () => boolean) => {
    while (!done() && !failure) await new Promise<void>((resolve) => (wake = resolve));
  };

  const send = (chunk: S[]) => {
    inFlight += 1;
    const request = (async () => {
      deps.signal?.throwIfAborted();
      const answer = await engine.translate(chunk);
      stats.mtRequests += answer.requests;
      const results = chunk.map((segment, index): PretranslateResult<S> => {
        const translation = answer.translations[index] ?? null;
        if (translation === null) stats.unchanged += 1;
        else stats.machine += 1;
        return { segment, translation, origin: translation === null ? 'unchanged' : 'machine' };
      });
      await deps.onResults(results);
    })()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => {
        inFlight -= 1;
        const next = waiting.shift();
        if (next && !failure) send(next);
        wakeUp();
      });
    settled.push(request);
  };
  const dispatch = (chunk: S[]) => {
    if (inFlight < engine.lanes) send(chunk);
    else waiting.push(chunk);
  };

  let found: PretranslateResult<S>[] = [];
  const flushFound = async () => {
    if (found.length === 0) return;
    const results = found;
    found = [];
    await deps.onResults(results);
  };

  try {
    let sliceStart = performance.now();
    pages: for await (const page of pages) {
      // A page is looked up a chunk's worth at a time, so the first misses go to the engine
      // after one chunk's lookups, not after the whole page's.
      for (let at = 0; at < page.length; at += engine.batchSize) {
        if (failure) break pages;
        deps.signal?.throwIfAborted();
        const slice = page.slice(at, at + engine.batchSize);
        if (memory.prepare) await memory.prepare(slice);
        for (const segment of slice) {
          if (failure) break pages;
          const exact = memory.exact(segment);
          if (exact !== undefined) {
            stats.exact += 1;
            found.push({ segment, translation: exact.translation, origin: 'exact', match: exact });
          } else {
            stats.fuzzyLookups += 1;
            const fuzzy = memory.fuzzy(segment);
            if (fuzzy) {
              stats.fuzzy += 1;
              found.push({ segment, translation: fuzzy.translation, origin: 'fuzzy', match: fuzzy });
            } else {
              const chunk = filling.get(segment.group) ?? [];
              chunk.push(segment);
              filling.set(segment.group, chunk);
              if (chunk.length === engine.batchSize) {
                filling.delete(segment.group);
                dispatch(chunk);
              }
            }
          }
          if (performance.now() - sliceStart >= LOOKUP_SLICE_MS) {
            // Let answered requests be stored and the next waiting chunk go out.
            await flushFound();
            await yieldToIo();
            sliceStart = performance.now();
          }
        }
      }
      await flushFound();
      // Read on only while the engine has less than a round of chunks waiting.
      await until(() => waiting.length < engine.lanes);
    }
    await flushFound();
    if (!failure) for (const chunk of filling.values()) dispatch(chunk);
    filling.clear();
  } catch (error) {
    failure ??= { error };
  }
  await until(() => inFlight === 0 && waiting.length === 0);
  await Promise.all(settled);
  if (failure) throw failure.error;
  return stats;
}
