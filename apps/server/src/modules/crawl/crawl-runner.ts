import { createHash } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { pages, pageVersions, projectDomains, projects } from '@bhasha/db';
import {
  CRAWL_EVENTS,
  CRAWL_STATUS,
  PROJECT_CREATION_STATUS as PS,
  projectRoomOf,
  type CrawlProgress,
} from '@bhasha/contract';
import { extractLinks, extractSegments } from '@bhasha/engine';
import { createDeferredEmitter } from '../../realtime/deferred-emitter';
import type { PageSeed } from '../scope/pages.repository';
import { presentCrawlInfo } from './crawl.presenter';
import { allowedHostsOf, compileIgnorePatterns, toSeed } from './crawl-scope';
import type { CrawlRuntime } from './crawl-runtime';
import { crawlMemoOf, forgetCrawlMemo, type CrawlMemo } from './crawl-memo';
import { createCrawlsRepository, type CrawlRow, type PageRow } from './crawls.repository';
import { BlockedAddressError } from './network-guard';
import { normaliseUrl } from './normalise-url';
import { ALLOW_ALL, DISALLOW_ALL, parseRobotsTxt, type RobotsRules } from './robots-txt';
import { createSegmentsRepository, type SegmentCache } from './segments.repository';
import { parseSitemap } from './sitemap';

/** `full` follows links and sitemaps; `urls` only re-fetches the URLs it was given (flush, tracking). */
export type CrawlMode = 'full' | 'urls';

export interface CrawlJobPayload {
  crawlId: string;
  projectId: string;
  mode: CrawlMode;
}

/** Stored for an origin whose robots.txt could not be read: nothing may be fetched (RFC 9309 §2.3.1.4). */
const ROBOTS_UNREACHABLE = '\u0000unreachable';
const MAX_CRAWL_DELAY_MS = 10_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function isHtml(contentType: string, body: string): boolean {
  if (/\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true;
  return contentType === '' && /^\s*(<!doctype html|<html)/i.test(body.slice(0, 512));
}

/** An error text fit for storage: no NULL characters, bounded. */
export function safeMessage(message: string): string {
  return message.replaceAll('\u0000', '').slice(0, 300);
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
  const { db, clock, fetcher, settings } = runtime;
  const crawlsRepo = createCrawlsRepository(db);

  /** Queues URLs this process has not queued for the crawl yet (the database ignores repeats too). */
  async function enqueueNew(crawl: CrawlRow, memo: CrawlMemo, seeds: readonly PageSeed[]): Promise<void> {
    const fresh = new Map<string, PageSeed>();
    for (const seed of seeds) {
      if (!memo.queuedUrls.has(seed.normalisedUrl)) fresh.set(seed.normalisedUrl, seed);
    }
    if (fresh.size === 0) return;
    await crawlsRepo.enqueue(crawl, [...fresh.values()]);
    for (const url of fresh.keys()) memo.queuedUrls.add(url);
  }

  async function loadProject(projectId: string) {
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project || project.deletingAt) return null;
    const domains = await db
      .select({ hostname: projectDomains.hostname, origin: projectDomains.origin })
      .from(projectDomains)
      .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.active, true)));
    const origins = new Set(domains.map((d) => d.origin));
    if (domains.length === 0) origins.add(new URL(project.baseUrl).origin);
    const hosts = allowedHostsOf([...origins].map((o) => new URL(o).host));
    return { project, hosts, origins: [...origins] };
  }

  function robotsFor(crawl: CrawlRow, url: string): RobotsRules {
    const origin = new URL(url).origin;
    const text = crawl.robots[origin];
    if (text === undefined || text === null) return ALLOW_ALL;
    if (text === ROBOTS_UNREACHABLE) return DISALLOW_ALL;
    return parseRobotsTxt(text, settings.userAgent);
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
    const [project] = await db
      .update(projects)
      .set({ status: PS.crawlingFailed, updatedAt: now })
      .where(and(eq(projects.id, crawl.projectId), eq(projects.status, PS.crawling)))
      .returning();
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
      const maxPages = Math.min(project.settings.maxPages ?? settings.maxPages, settings.maxPages);
      const memo = crawlMemoOf(crawl.id);
      const seed = toSeed(crawl.initUrl, hosts, 0);
      if (seed) await enqueueNew(crawl, memo, [seed]);
      const sitemapUrls = origins.map((o) => `${o}/sitemap.xml`);
      for (const origin of origins) {
        // RFC 9309 asks for absolute sitemap URLs; relative ones are common, so resolve them.
        for (const sitemap of robotsFor(crawl, `${origin}/`).sitemaps) {
          const resolved = normaliseUrl(sitemap, `${origin}/`);
          if (resolved) sitemapUrls.push(resolved);
        }
      }
      const seeds = await readSitemaps(sitemapUrls, hosts, maxPages - 1, signal);
      await enqueueNew(crawl, memo, seeds);
    }
    const refreshed = await crawlsRepo.refreshCounters(crawl.id);
    if (refreshed) emitProgress(refreshed, project.status, project.baseUrl);
    await sendBatch(payload);
  }

  interface PageOutcome {
    status: string;
    httpStatus?: number;
    error?: string;
    canonicalUrl?: string;
    contentHash?: string;
    links: PageSeed[];
  }

  async function fetchPage(
    page: PageRow,
    crawl: CrawlRow,
    context: {
      hosts: ReadonlySet<string>;
      extract: Parameters<typeof extractSegments>[1];
      mode: CrawlMode;
      organisationId: string;
    },
    signal: AbortSignal,
  ): Promise<void> {
    const now = clock.now();
    const outcome: PageOutcome = { status: 'fetched', links: [] };
    let html: string | null = null;
    if (!page.inScope) {
      outcome.status = 'skipped';
      outcome.error = 'Out of scope';
    } else if (!robotsFor(crawl, page.normalisedUrl).isAllowed(pathWithQuery(page.normalisedUrl))) {
      outcome.status = 'skipped';
      outcome.error = 'Disallowed by robots.txt';
    } else {
      try {
        const result = await fetcher.fetchResource(
          page.normalisedUrl,
          'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
          signal,
        );
        outcome.httpStatus = result.status;
        if (result.status >= 300 && result.status < 400) {
          outcome.status = 'redirected';
          const target = result.location ? toSeed(result.location, context.hosts, page.depth) : null;
          if (target) {
            outcome.canonicalUrl = target.normalisedUrl;
            outcome.links.push(target);
          } else outcome.error = 'Redirects outside the project';
        } else if (result.status !== 200) {
          outcome.status = 'failed';
          outcome.error = `HTTP ${result.status}`;
        } else if (!isHtml(result.contentType, result.body)) {
          outcome.status = 'skipped';
          outcome.error = 'Not an HTML page';
        } else {
          // HTML §13.2.6.4.7: a NULL character in body text is ignored; PostgreSQL text cannot hold one either.
          html = result.body.replaceAll('\u0000', '');
          // The engine's sha256Hex gives the same digest; the native one is much faster on whole pages.
          outcome.contentHash = createHash('sha256').update(html, 'utf8').digest('hex');
          const found = extractLinks(html, page.normalisedUrl);
          const canonical = found.canonical ? toSeed(found.canonical, context.hosts, page.depth) : null;
          if (canonical && canonical.normalisedUrl !== page.normalisedUrl) {
            // The page names another URL as the original: crawl that one, count words once.
            outcome.status = 'duplicate';
            outcome.canonicalUrl = canonical.normalisedUrl;
            outcome.links.push(canonical);
            html = null;
          } else if (context.mode === 'full' && !found.robots.nofollow) {
            const targets = found.refresh ? [...found.links, found.refresh] : found.links;
            for (const link of targets) {
              const seed = toSeed(link, context.hosts, page.depth + 1);
              if (seed) outcome.links.push(seed);
            }
          }
        }
      } catch (error) {
        outcome.status = 'failed';
        outcome.error = error instanceof Error ? safeMessage(error.message) : 'Fetch failed';
      }
    }

    const unchanged = html !== null && page.status === 'fetched' && page.contentHash === outcome.contentHash;
    const segments = html !== null && !unchanged ? extractSegments(html, context.extract) : null;
    const memo = crawlMemoOf(crawl.id);
    const segmentCache: SegmentCache = { known: memo.segments, stored: new Map() };
    // Exact matches applied while storing the page reach open editors once the page is committed.
    const translationEvents = createDeferredEmitter();
    await db
      .transaction(async (tx) => {
        const segmentsRepo = createSegmentsRepository(tx);
        let counts: Partial<
          Pick<PageRow, 'sourceWordCount' | 'uniqueWordCount' | 'newContentWordCount' | 'segmentCount'>
        > = {};
        if (html !== null && outcome.contentHash) {
          // Two URLs serving the same page (`/a` and `/a/`, index.html): count its words once.
          // The lock makes "is there a twin?" and "I am the original" one step per content.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${`${page.projectId}:${outcome.contentHash}`}, 0))`,
          );
          const [twin] = await tx
            .select({ url: pages.normalisedUrl })
            .from(pages)
            .where(
              and(
                eq(pages.projectId, page.projectId),
                eq(pages.contentHash, outcome.contentHash),
                eq(pages.status, 'fetched'),
                ne(pages.id, page.id),
              ),
            )
            .limit(1);
          if (twin) {
            outcome.status = 'duplicate';
            outcome.canonicalUrl = twin.url;
            html = null;
          }
        }
        if (segments && html !== null) {
          counts = await segmentsRepo.replacePageSegments(
            { organisationId: context.organisationId, projectId: page.projectId, pageId: page.id },
            segments,
            now,
            segmentCache,
            translationEvents,
          );
        } else if (html === null && outcome.status !== 'skipped') {
          await segmentsRepo.clearPage(page.id);
          counts = { sourceWordCount: 0, uniqueWordCount: 0, newContentWordCount: 0, segmentCount: 0 };
        }
        if (page.tracked && html !== null && outcome.contentHash) {
          // A tracked URL keeps each distinct version it served (the tracking files).
          await tx
            .insert(pageVersions)
            .values({
              organisationId: context.organisationId,
              projectId: page.projectId,
              pageId: page.id,
              contentHash: outcome.contentHash,
              html,
              fetchedAt: now,
            })
            .onConflictDoNothing();
        }
        await tx
          .update(pages)
          .set({
            ...counts,
            status: outcome.status,
            httpStatus: outcome.httpStatus ?? null,
            error: outcome.error ?? null,
            canonicalUrl: outcome.canonicalUrl ?? null,
            ...(outcome.contentHash ? { contentHash: outcome.contentHash } : {}),
            lastCrawledAt: now,
            crawlState: 'done',
            claimedBy: null,
            claimedAt: null,
          })
          .where(and(eq(pages.id, page.id), eq(pages.crawlId, crawl.id)));
      })
      .catch((error: unknown) => {
        // A remembered segment may have been deleted meanwhile: the retry starts from the database.
        forgetCrawlMemo(crawl.id);
        throw error;
      });
    translationEvents.flushTo(runtime.emitter);
    for (const [hash, entry] of segmentCache.stored) memo.segments.set(hash, entry);
    if (outcome.links.length > 0) await enqueueNew(crawl, memo, outcome.links);
  }

  async function finish(crawl: CrawlRow): Promise<void> {
    const now = clock.now();
    await createSegmentsRepository(db).recountPages(crawl.projectId);
    const done = await crawlsRepo.transition(crawl.id, [CRAWL_STATUS.ACTIVE], CRAWL_STATUS.COMPLETED, {
      finishedAt: now,
    });
    forgetCrawlMemo(crawl.id);
    if (!done) return;
    const [project] = await db.select().from(projects).where(eq(projects.id, crawl.projectId)).limit(1);
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
      const [row] = await db
        .update(projects)
        .set({
          status: to,
          lastProcessedUrl: done.lastProcessedUrl ?? project.lastProcessedUrl,
          updatedAt: now,
        })
        .where(and(eq(projects.id, project.id), eq(projects.status, from)))
        .returning();
      if (!row) break;
      status = row.status;
    }
    emitProgress(done, status, project.baseUrl);
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
    const extract = {
      noTranslateSelectors: project.settings.noTranslateSelectors ?? [],
      ignorePatterns: compileIgnorePatterns(project.settings.ignorePatterns),
    };
    const context = { hosts, extract, mode: payload.mode, organisationId: project.organisationId };
    // Enough URLs per slice to keep every lane busy until the slice's last pages.
    const sliceSize = Math.max(settings.batchSize, settings.perHostConcurrency * 4);
    const deadline = Date.now() + settings.batchTimeBudgetMs;

    let processed = 0;
    let claimedTotal = 0;
    let lastUrl: string | undefined;
    for (;;) {
      const now = clock.now();
      const claimed = await crawlsRepo.claim(
        crawl.id,
        jobId,
        sliceSize,
        now,
        new Date(now.getTime() - settings.claimTimeoutMs),
      );
      if (claimed.length === 0) break;
      claimedTotal += claimed.length;

      const byHost = new Map<string, PageRow[]>();
      for (const page of claimed) byHost.set(page.hostname, [...(byHost.get(page.hostname) ?? []), page]);
      await Promise.all(
        [...byHost.values()].map(async (hostPages) => {
          const robots = robotsFor(crawl, hostPages[0]!.normalisedUrl);
          const delay = Math.min(
            Math.max(settings.politenessDelayMs, (robots.crawlDelaySeconds ?? 0) * 1000),
            MAX_CRAWL_DELAY_MS,
          );
          const lanes = Math.min(settings.perHostConcurrency, hostPages.length);
          let next = 0;
          await Promise.all(
            Array.from({ length: lanes }, async () => {
              while (next < hostPages.length && !signal.aborted) {
                const page = hostPages[next++]!;
                await fetchPage(page, crawl, context, signal);
                processed += 1;
                lastUrl = page.normalisedUrl;
                onProgress(processed, claimedTotal);
                if (next < hostPages.length) await sleep(delay, signal);
              }
            }),
          );
        }),
      );
      if (signal.aborted || Date.now() >= deadline) break;
    }

    const refreshed = await crawlsRepo.refreshCounters(crawl.id, lastUrl);
    if (lastUrl) {
      await db.update(projects).set({ lastProcessedUrl: lastUrl }).where(eq(projects.id, project.id));
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
