import {
  FuzzyIndexBuilder,
  TextStore,
  type FuzzyIndex,
  type FuzzyMatch,
  type TwoThreadBuildOptions,
} from '@bhasha/engine';
import { earlyFuzzyBuildThread } from './fuzzy-build-thread';
import { SourceHashIds } from './source-hash-ids';
import type { SourceWatermarks, TranslationMemoryRepository } from './translation-memory.repository';

const OVERLAP_MS = 60_000;
/** Rows fetched from the database at a time when an index is built or caught up. */
const PAGE = 10_000;

/** One organisation's memory in one source language: the index, and the hashes behind its ids. */
interface CachedIndex {
  index: FuzzyIndex;
  /** The index's ids: dense numbers for the source hashes, kept as bytes. */
  hashes: SourceHashIds;
  /** Rows changed after these were not seen yet (times stored in the rows, never this process's clock). */
  seenUntil: SourceWatermarks;
  checkedAt: number;
  lastUsed: number;
}

export interface FuzzyIndexCacheOptions {
  /** How stale an index may be before a request catches it up from the database. */
  refreshMs: number;
  /** Most organisation/language indexes kept in this process (least recently used dropped). */
  maxIndexes: number;
  now?: () => number;
  /**
   * Builds a large memory's index on two threads (a helper thread per build, ADR 0011 session 8),
   * e.g. `serverTwoThreadBuild`. Off by default: at a million rows the helper raised the first
   * query's peak RSS by ~95 MB (its isolate alone 19 MB bundled), against "the peak must not rise".
   */
  twoThreadBuild?: TwoThreadBuildOptions | null;
}

/**
 * Fuzzy indexes of organisations' memories, per process (ADR 0011): built lazily from the
 * database on the first fuzzy request, then caught up from rows changed since (at most every
 * `refreshMs`), so every web process converges on the database without messages between them.
 * Answers are source hashes; callers re-read the rows, so anything deleted meanwhile drops out.
 */
export function createOrganisationFuzzyIndexes(
  repository: TranslationMemoryRepository,
  options: FuzzyIndexCacheOptions,
) {
  const cache = new Map<string, CachedIndex>();
  /** Builds under way: concurrent first requests share one rather than each holding a copy. */
  const building = new Map<string, Promise<CachedIndex>>();
  const now = options.now ?? Date.now;
  const twoThreadBuild = options.twoThreadBuild ?? null;

  function addSource(cached: CachedIndex, sourceHash: string, text: string): void {
    if (cached.hashes.idOf(sourceHash) !== undefined) return; // a hash always names the same text
    cached.index.add(cached.hashes.add(sourceHash), text);
  }

  /**
   * Reads the rows changed after `since`, a page at a time (a memory of a million units is never
   * one result in memory), handing each page's hashes and texts to `onPage`; answers where the
   * next catch-up starts: a minute before the newest change seen, so rows of transactions that
   * committed late with an older timestamp are read again (harmlessly) rather than missed.
   */
  async function readChanged(
    organisationId: string,
    sourceLang: string,
    since: SourceWatermarks,
    onPage: (hashes: string[], texts: string[]) => void,
  ): Promise<SourceWatermarks> {
    const next = { ...since };
    for (const table of ['translations', 'memory'] as const) {
      const newest = await repository.readSources(
        table,
        organisationId,
        sourceLang,
        since[table],
        PAGE,
        onPage,
      );
      const until = Math.max(since[table].getTime() + OVERLAP_MS, newest?.getTime() ?? 0);
      next[table] = new Date(until - OVERLAP_MS);
    }
    return next;
  }

  /**
   * Builds an organisation's index from its rows, streamed: each page's texts go straight into the
   * index's text store and its hashes into `SourceHashIds`, so the rows are garbage once read.
   */
  async function build(organisationId: string, sourceLang: string): Promise<CachedIndex> {
    const start: SourceWatermarks = { translations: new Date(0), memory: new Date(0) };
    const hashes = new SourceHashIds();
    // Shared pages only for a two-thread build: they cost the process more resident memory.
    const builder = new FuzzyIndexBuilder(new TextStore({ shared: twoThreadBuild !== null }));
    const helper = twoThreadBuild ? earlyFuzzyBuildThread(twoThreadBuild) : null;
    try {
      const seenUntil = await readChanged(organisationId, sourceLang, start, (pageHashes, texts) => {
        for (let i = 0; i < pageHashes.length; i += 1) {
          const known = hashes.size;
          const id = hashes.add(pageHashes[i]!);
          // A hash always names the same text: one already given an id is in the builder.
          if (hashes.size > known) builder.add(id, texts[i]!);
        }
        helper?.gathered(builder.size);
      });
      // A helper thread that fails fails this build (the next request builds again), never an index.
      const index = helper ? await builder.finishOnTwoThreads(helper.options) : builder.finish();
      return { index, hashes, seenUntil, checkedAt: now(), lastUsed: now() };
    } finally {
      await helper?.dispose();
    }
  }

  async function load(key: string, organisationId: string, sourceLang: string): Promise<CachedIndex> {
    let cached = cache.get(key);
    if (!cached) {
      let pending = building.get(key);
      if (!pending) {
        pending = build(organisationId, sourceLang).finally(() => building.delete(key));
        building.set(key, pending);
      }
      const built = await pending;
      cached = cache.get(key) ?? built;
      cache.set(key, cached);
      evict();
      return cached;
    }
    if (now() - cached.checkedAt >= options.refreshMs) {
      cached.checkedAt = now();
      const current = cached;
      current.seenUntil = await readChanged(
        organisationId,
        sourceLang,
        current.seenUntil,
        (pageHashes, texts) => {
          for (let i = 0; i < pageHashes.length; i += 1) addSource(current, pageHashes[i]!, texts[i]!);
        },
      );
    }
    return cached;
  }

  function evict(): void {
    if (cache.size <= options.maxIndexes) return;
    const oldest = [...cache.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
    if (oldest) cache.delete(oldest[0]);
  }

  return {
    /** The best source hashes for `text`, with scores. */
    async query(
      organisationId: string,
      sourceLang: string,
      text: string,
      threshold: number,
      limit: number,
    ): Promise<Array<FuzzyMatch & { sourceHash: string }>> {
      const cached = await load(`${organisationId}:${sourceLang}`, organisationId, sourceLang);
      cached.lastUsed = now();
      return cached.index
        .query(text, { threshold, limit })
        .map((match) => ({ ...match, sourceHash: cached.hashes.hashOf(match.id) }));
    },

    /** Whether this process holds the organisation's index in that language (`remember` has somewhere to add). */
    holds(organisationId: string, sourceLang: string): boolean {
      return cache.has(`${organisationId}:${sourceLang}`);
    },

    /** Adds texts the process itself just stored, so its next answer includes them at once. */
    remember(
      organisationId: string,
      sourceLang: string,
      sources: ReadonlyArray<{ sourceHash: string; text: string }>,
    ): void {
      const cached = cache.get(`${organisationId}:${sourceLang}`);
      if (!cached) return;
      for (const source of sources) addSource(cached, source.sourceHash, source.text);
    },
  };
}

export type OrganisationFuzzyIndexes = ReturnType<typeof createOrganisationFuzzyIndexes>;
