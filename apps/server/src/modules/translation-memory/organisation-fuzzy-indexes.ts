import {
  FuzzyIndexBuilder,
  SegmentedFuzzyIndex,
  TextStore,
  type FuzzyMatch,
  type SegmentedFuzzyIndexStats,
  type TwoThreadBuildOptions,
} from '@bhasha/engine';
import { earlyFuzzyBuildThread } from './fuzzy-build-thread';
import type { OpenTransactionsRepository } from './open-transactions.repository';
import { SourceHashIds } from './source-hash-ids';
import type { SourceWatermarks, TranslationMemoryRepository } from './translation-memory.repository';

const OVERLAP_MS = 60_000;
/** Rows fetched from the database at a time when an index is built or caught up. */
const PAGE = 10_000;
/**
 * A catch-up with more new texts than this builds them into a segment of their own; fewer go to
 * the index's tail one by one (a segment per request that saw a colleague's one save would leave
 * the merge policy nothing but tiny segments to join).
 */
const SEGMENT_FROM = 1_000;
/**
 * A catch-up seals its segment at this many texts and starts another: a segment's build holds its
 * texts unpacked, its postings and the build's scratch at once (~80 MB at 220,000 texts, the last
 * catch-up of a 1 M import at load 15), so the web process's peak must not depend on how far a
 * slow tick fell behind (ADR 0019).
 */
const SEGMENT_MAX = 150_000;

/** One organisation's memory in one source language: the index, and the hashes behind its ids. */
interface CachedIndex {
  index: SegmentedFuzzyIndex;
  /** The index's ids: dense numbers for the source hashes, kept as bytes. */
  hashes: SourceHashIds;
  /** Rows changed after these were not seen yet (times stored in the rows, never this process's clock). */
  seenUntil: SourceWatermarks;
  checkedAt: number;
  lastUsed: number;
  /** Catch-ups run one after another (a request's waits for a background one, then reads on). */
  caughtUp: Promise<unknown>;
  /** Background ticks in a row that found nothing new (merges wait for `QUIET_TICKS`). */
  quietTicks: number;
  /** A woken catch-up is scheduled or waiting for its turn (at most one: it reads every row stored by then). */
  wakePending: boolean;
  /** The woken catch-up's timer while it has not fired. */
  wakeTimer: ReturnType<typeof setTimeout> | null;
  /** The waiting woken catch-up is due at once (the writer's last notification). */
  wakeLast: boolean;
  /** Its timer fired during a catch-up: it is armed again when that ends. */
  rearm: boolean;
  /** A catch-up is running, and when the last one ended. */
  running: boolean;
  doneAt: number;
  /** When the notifications in a row (each within `wakeMaxGapMs` of the last) began, and the last one. */
  burstSince: number;
  notifiedAt: number;
  /** Notifications since the last catch-up began, and in the burst so far (see `WAKE_MOST_PENDING`). */
  pendingNotifications: number;
  burstNotifications: number;
}

/**
 * How long after the last catch-up's end a notification's catch-up waits, as a fraction of the
 * time notifications have been arriving (capped at `wakeMaxGapMs`). An import's first batches are
 * caught up at once, one by one, so a short import (100,000 units in under two seconds) leaves only
 * its last batch or two to the first query; a long one is caught up less and less often, so its
 * segments grow (×1.5 each, up to `WAKE_MOST_PENDING` batches: not a hundred of 10,000 that merges,
 * which rebuild texts, would have to join) and the web process's catch-up costs about one build.
 */
const WAKE_FRACTION = 0.5;

/**
 * Notifications (an import's batches: 10,000 rows each) a woken catch-up lets wait at most, whatever
 * `WAKE_FRACTION` says: the rows left when the import ends are what the first query after it
 * builds. At least `WAKE_MOST_PENDING`, so a short import (100,000 units: ten notifications) leaves
 * about three batches, not the ~0.8 s of rows its last waits allowed (ADR 0019: the first
 * query after it fell from 1.0–1.3 s to 0.1–0.3 s); then `WAKE_PENDING_SHARE` of the burst's
 * notifications so far, so a long import's segments still grow (×1.25 each: ~15 at a million rows
 * on an idle machine by estimate, where a fixed bound of three would make ~30, past `maxSegments`,
 * whose forced merges rebuild texts on the import's cores), and its last wait stays under
 * `wakeMaxGapMs` as before.
 */
const WAKE_MOST_PENDING = 3;
const WAKE_PENDING_SHARE = 0.25;

/**
 * Background ticks in a row that must find nothing new before one runs a merge step. While an
 * import stores rows a tick can find none now and then (a batch still uncommitted); a merge then
 * rebuilds texts that the next ticks' segments would have joined anyway, on the import's cores
 * (ADR 0019: ~20 % of the web process's catch-up CPU), and holds them twice.
 */
const QUIET_TICKS = 3;

export interface FuzzyIndexCacheOptions {
  /** How stale an index may be before a request catches it up from the database. */
  refreshMs: number;
  /** Most organisation/language indexes kept in this process (least recently used dropped). */
  maxIndexes: number;
  now?: () => number;
  /**
   * Builds a large memory's index on two threads (a helper thread per build, ADR 0011),
   * e.g. `serverTwoThreadBuild`. Off by default: at a million rows the helper raised the first
   * query's peak RSS by ~95 MB (its isolate alone 19 MB bundled), against "the peak must not rise".
   */
  twoThreadBuild?: TwoThreadBuildOptions | null;
  /**
   * Catch up, in the background, every index used in the last `inUseMs` this often (null: only
   * requests catch up). While an import stores rows, each tick builds the rows stored since the
   * last into a segment, so when the import ends only the last tick's rows are left to build
   * (ADR 0019). A tick that finds nothing new runs one step of the index's merge policy.
   */
  backgroundCatchUpMs?: number | null;
  inUseMs?: number;
  /**
   * Where the memory's next catch-up starts (the oldest open transaction, see
   * open-transactions.repository.ts); without it, a minute before the newest row read.
   */
  openTransactions?: OpenTransactionsRepository;
  /** Failures of background catch-ups (the next request catches up again). */
  onBackgroundError?: (error: unknown) => void;
  /** Most texts of a segment a catch-up builds (default `SEGMENT_MAX`; tests make it small). */
  segmentTexts?: number;
  /**
   * Longest wait between a notification (`changed`) and its catch-up, once notifications have
   * kept coming for a while (see `WAKE_FRACTION`); also how long notifications must stop before the
   * next one starts a new burst. Default: `backgroundCatchUpMs`, or 2 s.
   */
  wakeMaxGapMs?: number;
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
  const inUseMs = options.inUseMs ?? 10 * 60_000;
  const segmentTexts = options.segmentTexts ?? SEGMENT_MAX;
  const wakeMaxGapMs = options.wakeMaxGapMs ?? options.backgroundCatchUpMs ?? 2_000;

  function addSource(cached: CachedIndex, sourceHash: string, text: string): void {
    if (cached.hashes.idOf(sourceHash) !== undefined) return; // a hash always names the same text
    cached.index.add(cached.hashes.add(sourceHash), text);
  }

  /**
   * Reads the rows changed after `since`, a page at a time (a memory of a million units is never
   * one result in memory), handing each page's hashes and texts to `onPage`; answers where the
   * next catch-up starts. Translations carry this fleet's clocks: a minute before the newest
   * change seen, so rows of transactions that committed late with an older timestamp are read
   * again (harmlessly) rather than missed. Memory rows carry the database's transaction start
   * (`now()`): the oldest transaction open before the read, when it can be told, bounds every row
   * still to commit, so a catch-up during an import re-reads about one batch, not the last minute.
   */
  async function readChanged(
    organisationId: string,
    sourceLang: string,
    since: SourceWatermarks,
    onPage: (hashes: string[], texts: string[]) => void,
  ): Promise<SourceWatermarks> {
    const next = { ...since };
    for (const table of ['translations', 'memory'] as const) {
      const openSince = table === 'memory' ? await options.openTransactions?.oldestStart() : null;
      const newest = await repository.readSources(
        table,
        organisationId,
        sourceLang,
        since[table],
        PAGE,
        onPage,
      );
      if (openSince) {
        // Every row stamped before the oldest open transaction began was committed before this
        // read's snapshot, so all of them are read now: the next read starts there (a millisecond
        // less: the database's microseconds are cut). Not at the newest row read: rows of one
        // batch share its transaction's timestamp, and cut to milliseconds it would read them again.
        next[table] = new Date(Math.max(since[table].getTime(), openSince.getTime() - 1));
      } else {
        const until = Math.max(since[table].getTime() + OVERLAP_MS, newest?.getTime() ?? 0);
        next[table] = new Date(until - OVERLAP_MS);
      }
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
    // Shared pages only for a two-thread build (they cost the process more resident memory); a
    // one-thread build gets no store, so it packs its texts as it gathers them instead of holding
    // every text unpacked until the build ends (ADR 0011).
    const builder = twoThreadBuild
      ? new FuzzyIndexBuilder(new TextStore({ shared: true }))
      : new FuzzyIndexBuilder();
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
      const built = helper ? await builder.finishOnTwoThreads(helper.options) : builder.finish();
      return {
        index: SegmentedFuzzyIndex.of(built),
        hashes,
        seenUntil,
        checkedAt: now(),
        lastUsed: now(),
        caughtUp: Promise.resolve(),
        quietTicks: 0,
        wakePending: false,
        wakeTimer: null,
        wakeLast: false,
        rearm: false,
        running: false,
        doneAt: now(),
        burstSince: 0,
        notifiedAt: -Infinity,
        pendingNotifications: 0,
        burstNotifications: 0,
      };
    } finally {
      await helper?.dispose();
    }
  }

  /**
   * Reads the rows changed since the index's watermark and adds the new ones: a few one by one,
   * many as one new segment (built from them alone). Answers how many texts it added.
   */
  async function catchUp(cached: CachedIndex, organisationId: string, sourceLang: string): Promise<number> {
    cached.running = true;
    // Every row committed before this read is read now: later notifications are pending.
    cached.pendingNotifications = 0;
    try {
      return await readAndAdd(cached, organisationId, sourceLang);
    } finally {
      cached.running = false;
      cached.doneAt = now();
      // A notification came while this ran: its wait starts now (see `armWake`).
      if (cached.rearm) {
        cached.rearm = false;
        armWake(`${organisationId}:${sourceLang}`, cached);
      }
    }
  }

  async function readAndAdd(
    cached: CachedIndex,
    organisationId: string,
    sourceLang: string,
  ): Promise<number> {
    cached.checkedAt = now();
    const few: Array<{ id: number; text: string }> = [];
    let builder: FuzzyIndexBuilder | null = null;
    /** Texts already appended in full segments. */
    let added = 0;
    const read = readChanged(organisationId, sourceLang, cached.seenUntil, (pageHashes, texts) => {
      for (let i = 0; i < pageHashes.length; i += 1) {
        const known = cached.hashes.size;
        const id = cached.hashes.add(pageHashes[i]!);
        if (cached.hashes.size === known) continue; // a hash always names the same text
        if (builder) {
          builder.add(id, texts[i]!);
          if (builder.size >= segmentTexts) {
            // Ids given just now are new to the index: the segment is appended without a lookup.
            added += builder.size;
            cached.index.appendNew(builder.finish());
            builder = cached.index.newBuilder();
          }
        } else few.push({ id, text: texts[i]! });
        if (!builder && few.length > SEGMENT_FROM) {
          builder = cached.index.newBuilder();
          for (const entry of few.splice(0)) builder.add(entry.id, entry.text);
        }
      }
    });
    // The texts read are added even when a later page fails: their hashes have ids now, and the
    // next catch-up (which reads them again) skips every hash it knows.
    const addGathered = () => {
      const gathered = builder;
      // Ids given just now are new to the index: the segment is appended without a lookup.
      if (gathered) cached.index.appendNew(gathered.finish());
      for (const entry of few) cached.index.add(entry.id, entry.text);
      return added + (gathered?.size ?? 0) + few.length;
    };
    try {
      cached.seenUntil = await read;
    } catch (error) {
      addGathered();
      throw error;
    }
    return addGathered();
  }

  /** Runs `work` after the index's earlier catch-ups (one at a time per index, in order). */
  function afterCatchUps<T>(cached: CachedIndex, work: () => Promise<T>): Promise<T> {
    const result = cached.caughtUp.then(work);
    cached.caughtUp = result.catch(() => undefined);
    return result;
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
      startBackground();
      return cached;
    }
    if (now() - cached.checkedAt >= options.refreshMs) {
      const current = cached;
      await afterCatchUps(current, () => catchUp(current, organisationId, sourceLang));
    }
    return cached;
  }

  function evict(): void {
    if (cache.size <= options.maxIndexes) return;
    const oldest = [...cache.entries()].sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
    if (oldest) cache.delete(oldest[0]);
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let ticking: Promise<void> | null = null;
  let closed = false;

  /** The background catch-up's next tick, while some index is in use. */
  function startBackground(): void {
    const every = options.backgroundCatchUpMs ?? null;
    if (every === null || timer || ticking || closed) return;
    timer = setTimeout(() => {
      timer = null;
      ticking = tick().finally(() => {
        ticking = null;
        if ([...cache.values()].some((cached) => now() - cached.lastUsed < inUseMs)) startBackground();
      });
    }, every);
    // Nothing waits on it: the process may end between ticks.
    timer.unref();
  }

  const wakeTimers = new Set<ReturnType<typeof setTimeout>>();

  /**
   * Rows of the index's memory were committed by some process (a notification): a catch-up soon,
   * after the one under way if any; at once when `last` (the writer is done: nothing is gained by
   * waiting, and the catch-up overlaps the import's own ending). Indexes not used in the last
   * `inUseMs` are left to their next request, as the background tick leaves them: a million
   * imported rows would cost an index nobody queries ~10 s of CPU and ~300 MB, and it is the first
   * to be evicted.
   */
  function wake(key: string, cached: CachedIndex, last: boolean): void {
    const at = now();
    if (closed || at - cached.lastUsed >= inUseMs) return;
    if (at - cached.notifiedAt > wakeMaxGapMs) {
      cached.burstSince = at;
      cached.burstNotifications = 0;
    }
    cached.burstNotifications += 1;
    // After the last notification the background tick takes over again (and merges when quiet).
    cached.notifiedAt = last ? -Infinity : at;
    if (last) cached.wakeLast = true;
    cached.pendingNotifications += 1;
    const due = last || tooManyPending(cached);
    // One woken catch-up waiting is enough: it reads every row committed before it starts. A last
    // notification, or one too many waiting, brings a waiting one forward.
    if (cached.wakePending && !(due && (cached.wakeTimer || cached.rearm))) return;
    cached.wakePending = true;
    cached.rearm = false;
    armWake(key, cached);
  }

  /**
   * Times the woken catch-up: its wait (see `WAKE_FRACTION`) counts from the end of the last
   * catch-up, so on a loaded machine, where catch-ups take long, they are spaced out and their
   * segments larger, rather than run back to back. A timer that fires while a catch-up runs is
   * armed again when it ends.
   */
  function armWake(key: string, cached: CachedIndex): void {
    if (cached.wakeTimer) {
      clearTimeout(cached.wakeTimer);
      wakeTimers.delete(cached.wakeTimer);
    }
    const at = now();
    const due = cached.wakeLast || tooManyPending(cached);
    const gap = due ? 0 : Math.min(wakeMaxGapMs, WAKE_FRACTION * (at - cached.burstSince));
    const timer = setTimeout(
      () => {
        wakeTimers.delete(timer);
        cached.wakeTimer = null;
        if (closed || cache.get(key) !== cached) return;
        if (cached.running && !cached.wakeLast) {
          cached.rearm = true;
          return;
        }
        const [organisationId, sourceLang] = splitKey(key);
        afterCatchUps(cached, async () => {
          // From here a notification schedules the next catch-up (this one may miss its rows).
          cached.wakePending = false;
          cached.wakeLast = false;
          if (closed) return 0; // the database may be closing too
          return catchUp(cached, organisationId, sourceLang);
        }).catch((error: unknown) => options.onBackgroundError?.(error));
      },
      Math.max(0, cached.doneAt + gap - at),
    );
    cached.wakeTimer = timer;
    wakeTimers.add(timer);
    // Nothing waits on it: the process may end before it fires.
    timer.unref();
  }

  async function tick(): Promise<void> {
    for (const [key, cached] of cache) {
      if (closed) return;
      if (now() - cached.lastUsed >= inUseMs) continue;
      // Notifications are arriving: their catch-ups keep the index level (a tick between two would
      // build a stretch of its own), and the index is not quiet enough to merge.
      if (now() - cached.notifiedAt < wakeMaxGapMs) continue;
      const [organisationId, sourceLang] = splitKey(key);
      try {
        const added = await afterCatchUps(cached, () => catchUp(cached, organisationId, sourceLang));
        cached.quietTicks = added === 0 ? cached.quietTicks + 1 : 0;
        // Idle for a while: one merge step, so the segments an import left are joined when nothing
        // else runs (not between two of its batches).
        if (cached.quietTicks >= QUIET_TICKS) cached.index.mergeStep();
      } catch (error) {
        options.onBackgroundError?.(error);
      }
    }
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

    /** The held index's size and segments (null when not held). */
    stats(organisationId: string, sourceLang: string): SegmentedFuzzyIndexStats | null {
      return cache.get(`${organisationId}:${sourceLang}`)?.index.stats() ?? null;
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

    /**
     * Rows of the organisation's memory in that language were committed (a notification from an
     * import, `memory-changes.ts`): an index held and in use catches up soon, without waiting for
     * its background tick; `last`: the writer stored its last rows (catch up at once). With no
     * memory named, every index in use does (notifications may have been missed). A hint only: the
     * catch-up reads from the index's own watermark.
     */
    changed(organisationId?: string, sourceLang?: string, last = false): void {
      if (organisationId === undefined || sourceLang === undefined) {
        for (const [key, cached] of cache) wake(key, cached, true);
        return;
      }
      const key = `${organisationId}:${sourceLang}`;
      const cached = cache.get(key);
      if (cached) wake(key, cached, last);
    },

    /** Stops the background catch-up and waits for a tick under way. */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const pending of wakeTimers) clearTimeout(pending);
      wakeTimers.clear();
      await ticking;
      // A woken catch-up under way (its database must outlive it).
      await Promise.all([...cache.values()].map((cached) => cached.caughtUp));
    },
  };
}

/** Whether more notifications wait than a woken catch-up lets wait (see `WAKE_MOST_PENDING`). */
function tooManyPending(cached: CachedIndex): boolean {
  const most = Math.max(WAKE_MOST_PENDING, Math.floor(WAKE_PENDING_SHARE * cached.burstNotifications));
  return cached.pendingNotifications >= most;
}

/** An index's key is `organisationId:sourceLang` (an organisation id is a uuid: no colon). */
function splitKey(key: string): [string, string] {
  const at = key.indexOf(':');
  return [key.slice(0, at), key.slice(at + 1)];
}

export type OrganisationFuzzyIndexes = ReturnType<typeof createOrganisationFuzzyIndexes>;
