import {
  CRAWL_EVENTS,
  CRAWL_STATUS,
  PROJECT_CREATION_STATUS as PS,
  projectRoomOf,
  type CrawlProgress,
  WEBHOOK_EVENTS,
} from '@bhasha/contract';
import { postgresPoolOf } from '../../lib/read-transaction';
import { createDeferredEmitter } from '../../realtime/deferred-emitter';
import { createProjectStatusService } from '../projects/project-status.service';
import { createProjectsRepository } from '../projects/projects.repository';
import type { PageSeed } from '../scope/pages.repository';
import { createWebhookEvents } from '../webhooks/webhook-events';
import { presentCrawlInfo } from './crawl.presenter';
import { allowedHostsOf, toSeed } from './crawl-scope';
import type { CrawlRuntime } from './crawl-runtime';
import type { CrawlMemo } from './crawl-memo';
import {
  createCrawlsRepository,
  frontierWrites,
  type CrawlRow,
  type FrontierSeeds,
  type PageRow,
} from './crawls.repository';
import { BlockedAddressError } from './network-guard';
import { normaliseUrl } from './normalise-url';
import { bytesToText, type BodyBuffer } from './page-fetcher';
import { ALLOW_ALL, DISALLOW_ALL, parseRobotsTxt, type RobotsRules } from './robots-txt';
import { storeFetchedPages, type FetchedPage, type PageOutcome } from './page-batch.repository';
import { crawlReadSettings, toFetchedPage, type CrawlMode, type CrawlReadSettings } from './page-reader';
import { createSegmentsRepository, type SegmentCache } from './segments.repository';
import { parseSitemap } from './sitemap';

export type { CrawlMode } from './page-reader';

export interface CrawlJobPayload {
  crawlId: string;
  projectId: string;
  mode: CrawlMode;
}

/** Stored for an origin whose robots.txt could not be read: nothing may be fetched (RFC 9309 §2.3.1.4). */
const ROBOTS_UNREACHABLE = '\u0000unreachable';
const MAX_CRAWL_DELAY_MS = 10_000;
const DISALLOWED_BY_ROBOTS = 'Disallowed by robots.txt';
/** Parsed robots.txt files kept per runner: every queued link is checked now, not only fetched pages. */
const MAX_PARSED_ROBOTS = 64;
/** Shortest time between two progress events of a batch run (the dashboard's bar moves 4 times a second). */
const PROGRESS_INTERVAL_MS = 250;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function isHtml(contentType: string, body: Uint8Array): boolean {
  if (/\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  // The first 512 characters of the text: 2,048 bytes always decode to at least that many.
  return (
    contentType === '' &&
    /^\s*(<!doctype html|<html)/i.test(bytesToText(body.subarray(0, 2048)).slice(0, 512))
  );
}

/** An error text fit for storage: no NULL characters, bounded. */
export function safeMessage(message: string): string {
  return message.replaceAll('\u0000', '').slice(0, 300);
}

/**
 * How long the batch writer lets pages gather before it writes fewer than it would like. A batch
 * costs the crawl's thread and PostgreSQL a fixed five statements (begin, lock, twins, write,
 * commit) whatever its pages: 100 ms (was 40) gives a loaded machine's ~130 pages/s batches of
 * ~13 pages instead of ~5 (ADR 0013).
 */
const WRITE_GATHER_MS = 100;

/** A string of its own, not a slice of a larger one (V8 slices strings of 13 characters or more). */
function ownCopy(text: string): string {
  return (' ' + text).slice(1);
}

/**
 * How many URLs a crawl has discovered, as one step (start or batch run) sees it: counted once, when
 * the step first queues URLs, then advanced by what the step's own statements added. A count per
 * batch of links scanned the crawl's whole frontier each time (7.8 s of PostgreSQL's 21 s at 10,000
 * URLs, ADR 0013). Steps of one crawl run one after another; a retried step overlapping
 * a live one could take the crawl a few URLs past its limit, as counting before inserting could.
 */
interface DiscoveredTally {
  count: number | null;
}

function pathWithQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** The crawler: one start step per crawl, then batch steps until the frontier is empty. */
export function createCrawlRunner(
  runtime: CrawlRuntime,
  sendBatch: (payload: CrawlJobPayload, delaySeconds?: number) => Promise<void>,
) {
  const { db, clock, fetcher, settings, readers, memos } = runtime;
  const crawlsRepo = createCrawlsRepository(db);
  const projectsRepo = createProjectsRepository(db);
  const projectStatus = createProjectStatusService({ db, clock });
  // On PostgreSQL the writer sends its large arrays in the binary format; PGlite takes literals.
  const binaryArrays = postgresPoolOf(db) !== null;

  /**
   * Of `seeds`, the URLs this process has not queued for the crawl yet (the database ignores repeats
   * too), up to the crawl's page limit (discovered links count against it as much as sitemap
   * entries), split by robots.txt; null when none. `exclude`: URLs never to queue (a batch's own).
   */
  async function chooseNew(
    crawl: CrawlRow,
    memo: CrawlMemo,
    seeds: readonly PageSeed[],
    limit: { maxPages: number; discovered: DiscoveredTally },
    exclude?: ReadonlySet<string>,
  ): Promise<{ chosen: PageSeed[]; seeds: FrontierSeeds } | null> {
    const fresh = new Map<string, PageSeed>();
    for (const seed of seeds) {
      if (!memo.queuedUrls.has(seed.normalisedUrl) && !exclude?.has(seed.normalisedUrl))
        fresh.set(seed.normalisedUrl, seed);
    }
    if (fresh.size === 0) return null;
    const { discovered } = limit;
    discovered.count ??= await crawlsRepo.countDiscovered(crawl.id);
    const room = limit.maxPages - discovered.count;
    if (room <= 0) return null;
    const chosen = [...fresh.values()].slice(0, room);
    // robots.txt-disallowed URLs are recorded as skipped right away (the fetch step would only
    // have marked them so): they are never claimed, and cost one statement per call, not one each.
    const allowed: PageSeed[] = [];
    const disallowed: PageSeed[] = [];
    for (const seed of chosen) {
      const rules = robotsFor(crawl, seed.normalisedUrl);
      (rules.isAllowed(pathWithQuery(seed.normalisedUrl)) ? allowed : disallowed).push(seed);
    }
    return {
      chosen,
      seeds: { allowed, disallowed, now: clock.now(), disallowedError: DISALLOWED_BY_ROBOTS },
    };
  }

  /** After the chosen URLs are stored: they count against the limit and are known to this process. */
  function noteQueued(
    memo: CrawlMemo,
    chosen: readonly PageSeed[],
    joined: number,
    discovered: DiscoveredTally,
  ): void {
    discovered.count = (discovered.count ?? 0) + joined;
    // A copy of each URL: a link's URL is a slice of the string its page's links crossed from the
    // reader in (page-reader-protocol.ts), and a slice kept in this memo kept that whole string
    // alive: 4.7 MB after 2,072 URLs, 18 MB after 8,075 (heap snapshots, ADR 0013).
    for (const seed of chosen) memo.queuedUrls.add(ownCopy(seed.normalisedUrl));
  }

  /** Queues URLs this process has not queued for the crawl yet, in statements of their own. */
  async function enqueueNew(
    crawl: CrawlRow,
    memo: CrawlMemo,
    seeds: readonly PageSeed[],
    limit: { maxPages: number; discovered: DiscoveredTally },
  ): Promise<void> {
    const choice = await chooseNew(crawl, memo, seeds, limit);
    if (!choice) return;
    const { allowed, disallowed, now, disallowedError } = choice.seeds;
    let joined = 0;
    if (allowed.length > 0) joined += await crawlsRepo.enqueue(crawl, allowed);
    if (disallowed.length > 0)
      joined += await crawlsRepo.enqueueSkipped(crawl, disallowed, disallowedError, now);
    noteQueued(memo, choice.chosen, joined, limit.discovered);
  }

  /** URLs one crawl of the project may discover: the project's setting, never above the deployment's. */
  function maxPagesOf(project: { settings: { maxPages?: number | null } }): number {
    return Math.min(project.settings.maxPages ?? settings.maxPages, settings.maxPages);
  }

  async function loadProject(projectId: string) {
    const project = await projectsRepo.findById(projectId);
    if (!project || project.deletingAt) return null;
    const domains = await projectsRepo.listActiveDomains(projectId);
    const origins = new Set(domains.map((d) => d.origin));
    if (domains.length === 0) origins.add(new URL(project.baseUrl).origin);
    const hosts = allowedHostsOf([...origins].map((o) => new URL(o).host));
    return { project, hosts, origins: [...origins] };
  }

  const parsedRobots = new Map<string, RobotsRules>();
  function robotsFor(crawl: CrawlRow, url: string): RobotsRules {
    const origin = new URL(url).origin;
    const text = crawl.robots[origin];
    if (text === undefined || text === null) return ALLOW_ALL;
    if (text === ROBOTS_UNREACHABLE) return DISALLOW_ALL;
    let rules = parsedRobots.get(text);
    if (!rules) {
      if (parsedRobots.size >= MAX_PARSED_ROBOTS) parsedRobots.clear();
      rules = parseRobotsTxt(text, settings.userAgent);
      parsedRobots.set(text, rules);
    }
    return rules;
  }

  function emitProgress(crawl: CrawlRow, projectStatus: string, baseUrl: string): void {
    const progress: CrawlProgress = {
      ...presentCrawlInfo(crawl, baseUrl),
      projectId: crawl.projectId,
      projectStatus,
    };
    runtime.emitter.emitToRoom(projectRoomOf(crawl.projectId), CRAWL_EVENTS.crawlProgressed, progress);
  }

  async function fetchRobots(
    origin: string,
    isAllowedUrl: (u: string) => boolean,
    signal: AbortSignal,
  ): Promise<string | null> {
    try {
      const result = await fetcher.fetchText(`${origin}/robots.txt`, isAllowedUrl, signal);
      if (result.status >= 200 && result.status < 300) return result.body;
      if (result.status >= 400 && result.status < 500) return null;
      return ROBOTS_UNREACHABLE;
    } catch (error) {
      if (error instanceof BlockedAddressError) throw error;
      return ROBOTS_UNREACHABLE;
    }
  }

  async function readSitemaps(
    start: string[],
    hosts: ReadonlySet<string>,
    limit: number,
    signal: AbortSignal,
  ): Promise<PageSeed[]> {
    const queue = [...new Set(start)];
    const seen = new Set<string>();
    const seeds: PageSeed[] = [];
    const isAllowedUrl = (u: string) => toSeed(u, hosts) !== null;
    while (queue.length > 0 && seen.size < settings.maxSitemaps && seeds.length < limit) {
      const next = queue.shift()!;
      if (seen.has(next) || !isAllowedUrl(next)) continue;
      seen.add(next);
      try {
        const result = await fetcher.fetchText(next, isAllowedUrl, signal);
        if (result.status !== 200 || result.truncated) continue;
        const entries = parseSitemap(result.body);
        for (const url of entries.urls) {
          const seed = toSeed(url, hosts, 1);
          if (seed) seeds.push(seed);
          if (seeds.length >= limit) break;
        }
        queue.push(...entries.sitemaps);
      } catch {
        // A missing or broken sitemap only means fewer seeds; links still lead to the pages.
      }
    }
    return seeds;
  }

  async function failCrawl(crawl: CrawlRow, error: string): Promise<void> {
    const now = clock.now();
    const failed = await crawlsRepo.transition(
      crawl.id,
      [CRAWL_STATUS.INACTIVE, CRAWL_STATUS.ACTIVE],
      CRAWL_STATUS.FAILED,
      {
        error,
        finishedAt: now,
      },
    );
    if (!failed) return;
    const project = await projectStatus.move(crawl.projectId, [PS.crawling], PS.crawlingFailed, { now });
    emitProgress(failed, project?.status ?? PS.crawlingFailed, project?.baseUrl ?? crawl.initUrl);
  }

  /** Start step: robots.txt per origin, sitemaps, the first URL; then the first batch. Idempotent. */
  async function start(payload: CrawlJobPayload, signal: AbortSignal): Promise<void> {
    let crawl = await crawlsRepo.findById(payload.crawlId);
    if (!crawl || (crawl.status !== CRAWL_STATUS.INACTIVE && crawl.status !== CRAWL_STATUS.ACTIVE)) return;
    const loaded = await loadProject(crawl.projectId);
    if (!loaded) return failCrawl(crawl, 'The project no longer exists');
    const { project, hosts, origins } = loaded;
    const isAllowedUrl = (u: string) => toSeed(u, hosts) !== null;

    if (crawl.status === CRAWL_STATUS.INACTIVE) {
      const robots: Record<string, string | null> = {};
      try {
        for (const origin of origins) robots[origin] = await fetchRobots(origin, isAllowedUrl, signal);
      } catch (error) {
        if (error instanceof BlockedAddressError) return failCrawl(crawl, error.message);
        throw error;
      }
      const now = clock.now();
      // Marking what exists as seen and activating the crawl happen together, once.
      const activated = await db.transaction(async (tx) => {
        const txCrawls = createCrawlsRepository(tx);
        const row = await txCrawls.transition(crawl!.id, [CRAWL_STATUS.INACTIVE], CRAWL_STATUS.ACTIVE, {
          robots,
          startedAt: now,
        });
        if (row && payload.mode === 'full') await createSegmentsRepository(tx).markAllSeen(crawl!.projectId);
        return row;
      });
      if (!activated) return;
      crawl = activated;
    }

    if (payload.mode === 'full') {
      const limit = { maxPages: maxPagesOf(project), discovered: { count: null } as DiscoveredTally };
      const memo = memos.of(crawl.id);
      const seed = toSeed(crawl.initUrl, hosts, 0);
      if (seed) await enqueueNew(crawl, memo, [seed], limit);
      const sitemapUrls = origins.map((o) => `${o}/sitemap.xml`);
      for (const origin of origins) {
        // RFC 9309 asks for absolute sitemap URLs; relative ones are common, so resolve them.
        for (const sitemap of robotsFor(crawl, `${origin}/`).sitemaps) {
          const resolved = normaliseUrl(sitemap, `${origin}/`);
          if (resolved) sitemapUrls.push(resolved);
        }
      }
      const seeds = await readSitemaps(sitemapUrls, hosts, limit.maxPages - 1, signal);
      await enqueueNew(crawl, memo, seeds, limit);
    }
    const refreshed = await crawlsRepo.refreshCounters(crawl.id);
    if (refreshed) emitProgress(refreshed, project.status, project.baseUrl);
    await sendBatch(payload);
  }

  /**
   * Fetches one URL into the lane's `body` buffer and has a reader thread read it (links,
   * segments) while this thread goes on; storing is the batch writer's job. The buffer is free
   * again when this answers (the reading is done).
   */
  async function fetchAndExtract(
    page: PageRow,
    crawl: CrawlRow,
    context: { hosts: ReadonlySet<string>; read: CrawlReadSettings; memo: CrawlMemo },
    body: BodyBuffer,
    signal: AbortSignal,
  ): Promise<FetchedPage> {
    const outcome: PageOutcome = { status: 'fetched', links: [] };
    const fetched: FetchedPage = { page, outcome, hasContent: false, segments: null };
    if (!page.inScope) {
      outcome.status = 'skipped';
      outcome.error = 'Out of scope';
      return fetched;
    }
    if (!robotsFor(crawl, page.normalisedUrl).isAllowed(pathWithQuery(page.normalisedUrl))) {
      outcome.status = 'skipped';
      outcome.error = DISALLOWED_BY_ROBOTS;
      return fetched;
    }
    try {
      const result = await fetcher.fetchBytes(
        page.normalisedUrl,
        'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        signal,
        body,
      );
      outcome.httpStatus = result.status;
      if (result.status >= 300 && result.status < 400) {
        outcome.status = 'redirected';
        const target = result.location ? toSeed(result.location, context.hosts, page.depth) : null;
        if (target) {
          outcome.canonicalUrl = target.normalisedUrl;
          outcome.links.push(target);
        } else outcome.error = 'Redirects outside the project';
        return fetched;
      }
      if (result.status !== 200) {
        outcome.status = 'failed';
        outcome.error = `HTTP ${result.status}`;
        return fetched;
      }
      if (!isHtml(result.contentType, result.bytes)) {
        outcome.status = 'skipped';
        outcome.error = 'Not an HTML page';
        return fetched;
      }
      // The reader decodes the bytes (and drops NULL characters): not this thread's work.
      const reading = await readers.readPacked({
        settings: context.read,
        normalisedUrl: page.normalisedUrl,
        depth: page.depth,
        previousHash: page.status === 'fetched' ? page.contentHash : null,
        html: result.bytes,
        keepHtml: page.tracked,
      });
      return toFetchedPage(page, outcome, reading, context.memo);
    } catch (error) {
      outcome.status = 'failed';
      outcome.error = error instanceof Error ? safeMessage(error.message) : 'Fetch failed';
    }
    return fetched;
  }

  /**
   * Stores fetched pages in batches, one transaction at a time, while the fetch lanes go on:
   * `add` waits only when `maxPending` pages are already waiting (memory stays flat), `drain`
   * waits for everything added so far and rethrows the first failure.
   *
   * A batch starts when `gatherPages` pages wait or `gatherMs` after it could first have started,
   * not as soon as one page waits: a batch's statements cost the database and this thread about
   * as much for 3 pages as for 15, and a writer that starts the moment its last write ended
   * writes ever smaller batches the cheaper its writes get (ADR 0013). `drain` writes
   * what waits at once.
   */
  function createBatchWriter(
    crawl: CrawlRow,
    limits: {
      organisationId: string;
      maxPages: number;
      maxPending: number;
      gatherPages: number;
      gatherMs: number;
    },
  ) {
    const { organisationId, maxPages, maxPending, gatherPages, gatherMs } = limits;
    let gatherTimer: ReturnType<typeof setTimeout> | null = null;
    // Set when the gathering time is up, or while draining: the next batch starts with what waits.
    let gatherDue = false;
    let draining = false;
    const memo = memos.of(crawl.id);
    const queueLimit = { maxPages, discovered: { count: null } as DiscoveredTally };
    let pending: FetchedPage[] = [];
    let running: Promise<void> | null = null;
    let failure: Error | null = null;
    let waiters: Array<() => void> = [];
    const waitForRoom = () => new Promise<void>((resolve) => waiters.push(resolve));
    const wakeAll = () => {
      const woken = waiters;
      waiters = [];
      for (const wake of woken) wake();
    };

    async function write(items: FetchedPage[]): Promise<void> {
      const now = clock.now();
      const segmentCache: SegmentCache = {
        known: memo.segments,
        stored: new Map(),
        idBytes: memo.segmentIdBytes,
      };
      // Exact matches applied while storing reach open editors once the batch is committed.
      const translationEvents = createDeferredEmitter();
      // The batch's links are queued in its transaction, by the statement that stores its page rows
      // (ADR 0013): none of the batch's own URLs, which that statement updates.
      const links = items.flatMap((item) => item.outcome.links);
      const ownUrls = new Set(items.map((item) => item.page.normalisedUrl));
      const choice = links.length > 0 ? await chooseNew(crawl, memo, links, queueLimit, ownUrls) : null;
      const joined = await db
        .transaction((tx) =>
          storeFetchedPages(
            tx,
            { crawlId: crawl.id, organisationId, projectId: crawl.projectId, binaryArrays },
            items,
            now,
            segmentCache,
            translationEvents,
            choice ? frontierWrites(crawl, choice.seeds) : [],
          ),
        )
        .catch((error: unknown) => {
          // A remembered segment may have been deleted meanwhile: the retry starts from the database.
          memos.forget(crawl.id);
          throw error;
        });
      translationEvents.flushTo(runtime.emitter);
      for (const [hash, entry] of segmentCache.stored) memo.segments.set(hash, entry);
      if (choice) noteQueued(memo, choice.chosen, joined, queueLimit.discovered);
    }

    function pump(): void {
      if (running || pending.length === 0 || failure) return;
      if (pending.length < gatherPages && !gatherDue && !draining) {
        gatherTimer ??= setTimeout(() => {
          gatherTimer = null;
          gatherDue = true;
          pump();
        }, gatherMs);
        return;
      }
      if (gatherTimer) clearTimeout(gatherTimer);
      gatherTimer = null;
      gatherDue = false;
      const items = pending;
      pending = [];
      wakeAll();
      running = write(items)
        .catch((error: unknown) => {
          failure = error instanceof Error ? error : new Error(String(error));
          wakeAll();
        })
        .finally(() => {
          running = null;
          pump();
        });
    }

    // A function, not a check inline: the failure is set by a callback the compiler does not see.
    const throwIfFailed = (): void => {
      const error: Error | null = failure;
      if (error) throw error;
    };

    return {
      async add(item: FetchedPage): Promise<void> {
        throwIfFailed();
        pending.push(item);
        pump();
        while (pending.length >= maxPending && !failure) await waitForRoom();
        throwIfFailed();
      },
      async drain(): Promise<void> {
        draining = true;
        try {
          while (running || (pending.length > 0 && !failure)) {
            pump();
            await running;
          }
        } finally {
          draining = false;
        }
        throwIfFailed();
      },
    };
  }

  async function finish(crawl: CrawlRow): Promise<void> {
    const now = clock.now();
    // The pages this crawl's writer stored already hold exact counts (is_new changes only at a crawl's
    // start); recounting them too unnested every page's segments again (4.4 s at 10,000 URLs).
    await createSegmentsRepository(db).recountPages(crawl.projectId, { exceptStoredBy: crawl.id });
    const done = await crawlsRepo.transition(crawl.id, [CRAWL_STATUS.ACTIVE], CRAWL_STATUS.COMPLETED, {
      finishedAt: now,
    });
    memos.forget(crawl.id);
    readers.forget(crawl.id);
    if (!done) return;
    const project = await projectsRepo.findById(crawl.projectId);
    if (!project) return;
    let status = project.status;
    // crawling → crawled → parsing → parsed: segments were extracted while crawling. A run that
    // only re-fetched some URLs (flush, tracking) finds the project elsewhere and leaves it.
    const steps = [
      [PS.crawling, PS.crawled],
      [PS.crawled, PS.parsing],
      [PS.parsing, PS.parsed],
    ] as const;
    for (const [from, to] of steps) {
      if (status !== from) break;
      const row = await projectStatus.move(project.id, [from], to, {
        now,
        extra: { lastProcessedUrl: done.lastProcessedUrl ?? project.lastProcessedUrl },
      });
      if (!row) break;
      status = row.status;
    }
    emitProgress(done, status, project.baseUrl);
    // Outgoing webhooks: a failure to queue them is logged, never turned into a failed crawl.
    await createWebhookEvents({ db, jobs: runtime.jobs })
      .emit(done.organisationId, WEBHOOK_EVENTS.crawlCompleted, {
        crawl: presentCrawlInfo(done, project.baseUrl),
        projectId: done.projectId,
        projectStatus: status,
      })
      .catch((err: unknown) => runtime.log.error({ err, crawlId: done.id }, 'webhook event not queued'));
  }

  /**
   * Batch step: claims slices of the frontier and fetches them with per-host bounds until the
   * frontier is empty or the step's time budget is spent, then queues the next step. A step of a
   * few seconds keeps the hand-over between jobs cheap (the queue fetches the next one at once)
   * while a lost worker only ever holds one slice.
   */
  async function batch(
    payload: CrawlJobPayload,
    jobId: string,
    signal: AbortSignal,
    onProgress: (done: number, total: number) => void,
  ): Promise<void> {
    const crawl = await crawlsRepo.findById(payload.crawlId);
    if (!crawl || crawl.status !== CRAWL_STATUS.ACTIVE) return;
    const loaded = await loadProject(crawl.projectId);
    if (!loaded) return failCrawl(crawl, 'The project no longer exists');
    const { project, hosts } = loaded;
    const context = {
      hosts,
      read: crawlReadSettings(crawl.id, payload.mode, hosts, project.settings),
      memo: memos.of(crawl.id),
    };
    // Enough URLs per claim to keep every lane busy while the next claim runs; each claim is a
    // statement that sorts what is left of the frontier, so fewer, larger ones.
    const sliceSize = Math.max(settings.batchSize, settings.perHostConcurrency * 8);
    const deadline = Date.now() + settings.batchTimeBudgetMs;
    // Parallel fetches: up to perHostConcurrency per host, for as many hosts as the project has.
    const lanes = settings.perHostConcurrency * Math.max(1, loaded.origins.length);
    // Pages waiting for the database at most. The writer stores everything that waits in one
    // transaction, so a slower database gets larger batches (fewer round trips and commits per
    // page) instead of stopping the lanes; each waiting page holds only its links and segment
    // facts (tens of kB), so memory stays flat.
    const writer = createBatchWriter(crawl, {
      organisationId: project.organisationId,
      maxPages: maxPagesOf(project),
      maxPending: Math.max(32, lanes * 16),
      // Four pages a lane (32 at the bench's 8 lanes), or what 100 ms brought; at most
      // `maxPending` wait, so the lanes never stop for it.
      gatherPages: lanes * 4,
      gatherMs: WRITE_GATHER_MS,
    });

    let processed = 0;
    // A worker's progress event reaches the project room through PostgreSQL (the socket.io adapter
    // sends a NOTIFY per event): one every PROGRESS_INTERVAL_MS at most (the first after that long)
    // and one when the lanes stop, not one per page (a round trip per page on the crawl's thread, as
    // many as all its writes). A run never sends more events than it fetched pages.
    let progressAt = Date.now();
    const reportProgress = (final = false) => {
      const now = Date.now();
      if (!final && now - progressAt < PROGRESS_INTERVAL_MS) return;
      progressAt = now;
      onProgress(processed, claimedTotal);
    };
    let claimedTotal = 0;
    let lastUrl: string | undefined;
    const waiting: PageRow[] = [];
    const busy = new Map<string, number>();
    let exhausted = false;
    let firstClaim = true;
    let refilling: Promise<void> | null = null;
    let listeners: Array<() => void> = [];
    const notify = () => {
      const woken = listeners;
      listeners = [];
      for (const wake of woken) wake();
    };
    const changed = () => new Promise<void>((resolve) => listeners.push(resolve));
    const stopping = () => signal.aborted || Date.now() >= deadline;

    async function claimMore(): Promise<void> {
      const claim = async () => {
        const now = clock.now();
        // Only the first claim of a run takes back what this job held (a retried run).
        const rows = await crawlsRepo.claim(
          crawl!.id,
          jobId,
          sliceSize,
          now,
          new Date(now.getTime() - settings.claimTimeoutMs),
          firstClaim,
        );
        firstClaim = false;
        return rows;
      };
      let claimed = await claim();
      if (claimed.length === 0) {
        // Pages still being stored may queue more URLs: let them land, then look once more.
        await writer.drain();
        claimed = await claim();
      }
      if (claimed.length === 0) exhausted = true;
      claimedTotal += claimed.length;
      waiting.push(...claimed);
    }

    function refill(): Promise<void> {
      refilling ??= claimMore().finally(() => {
        refilling = null;
        notify();
      });
      return refilling;
    }

    /** The next claimed page whose host has a free slot; null when this run is done. */
    async function nextPage(): Promise<PageRow | null> {
      for (;;) {
        if (signal.aborted) return null;
        const index = waiting.findIndex((p) => (busy.get(p.hostname) ?? 0) < settings.perHostConcurrency);
        if (index >= 0) {
          const [page] = waiting.splice(index, 1);
          busy.set(page!.hostname, (busy.get(page!.hostname) ?? 0) + 1);
          // Claim ahead, so lanes never wait for the database between slices.
          if (waiting.length < lanes && !exhausted && !stopping()) void refill().catch(() => undefined);
          return page!;
        }
        if (waiting.length === 0) {
          if (exhausted || stopping()) return null;
          await refill();
          continue;
        }
        await changed(); // every host with waiting pages is at its bound
      }
    }

    async function lane(body: BodyBuffer): Promise<void> {
      for (;;) {
        const page = await nextPage();
        if (!page) return;
        try {
          await writer.add(await fetchAndExtract(page, crawl!, context, body, signal));
          processed += 1;
          lastUrl = page.normalisedUrl;
          reportProgress();
          const robots = robotsFor(crawl!, page.normalisedUrl);
          const delay = Math.min(
            Math.max(settings.politenessDelayMs, (robots.crawlDelaySeconds ?? 0) * 1000),
            MAX_CRAWL_DELAY_MS,
          );
          // The host's slot stays taken during the pause: politeness per host, not per lane.
          if (!exhausted || waiting.some((p) => p.hostname === page.hostname)) await sleep(delay, signal);
        } finally {
          busy.set(page.hostname, (busy.get(page.hostname) ?? 1) - 1);
          notify();
        }
      }
    }

    // Each lane fetches into one buffer of its own, reused page after page (page-fetcher.ts).
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        const body = fetcher.takeBodyBuffer();
        try {
          await lane(body);
        } finally {
          fetcher.giveBackBodyBuffer(body);
        }
      }),
    );
    if (processed > 0) reportProgress(true);
    // A claim still running when the lanes stopped must land before its pages are released.
    await (refilling as Promise<void> | null);
    await writer.drain();
    // Claimed in a last refill but not started (time is up): back to the queue for the next run.
    if (waiting.length > 0) await crawlsRepo.release(waiting.map((p) => p.id));

    const refreshed = await crawlsRepo.refreshCounters(crawl.id, lastUrl);
    if (lastUrl) {
      await projectsRepo.setLastProcessedUrl(project.id, lastUrl);
    }
    if (refreshed) emitProgress(refreshed, project.status, project.baseUrl);
    const remaining = await crawlsRepo.countRemaining(crawl.id);
    if (remaining === 0) return finish(refreshed ?? crawl);
    // Nothing claimable while URLs remain: another run holds them; look again shortly.
    await sendBatch(payload, claimedTotal === 0 ? 5 : undefined);
  }

  return { start, batch, failCrawl };
}

export type CrawlRunner = ReturnType<typeof createCrawlRunner>;
