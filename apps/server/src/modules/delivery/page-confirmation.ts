import { extractSegments } from '@bhasha/engine';
import type { Clock } from '../../lib/clock';
import type { PageFetcher } from '../crawl/page-fetcher';
import { hostOf, isProjectHost } from './delivery-origin';

const MAX_REDIRECTS = 5;
/** One confirmation fetch per project and page URL in this window; reports in between use its answer. */
const CONFIRMATION_TTL_MS = 60_000;
const CONFIRMATION_CACHE_LIMIT = 2_000;

/** The source hashes of the segments the page really has, or null when it could not be fetched. */
export type ConfirmedHashes = ReadonlySet<string> | null;

/**
 * Confirms visitors' new-content reports against the page itself: the server fetches the page
 * through the crawler's SSRF-guarded fetcher (private addresses refused unless the deployment
 * allows them, size and time limits; redirects followed only within the project's domains) and
 * cuts it into segments with the engine. A browser's `Origin` can be forged by any script, so what
 * a report claims is kept only when the page confirms it.
 */
export function createPageConfirmation(deps: {
  clock: Clock;
  /** A new guarded fetcher per confirmation (closed after it). */
  createFetcher: () => Pick<PageFetcher, 'fetchResource' | 'close'>;
}) {
  const cache = new Map<string, { at: number; hashes: Promise<ConfirmedHashes> }>();

  async function fetchHtml(url: string, hosts: readonly string[]): Promise<string | null> {
    const fetcher = deps.createFetcher();
    try {
      let current = url;
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        const page = await fetcher.fetchResource(current, 'text/html, application/xhtml+xml');
        if (page.status >= 300 && page.status < 400 && page.location) {
          const host = hostOf(page.location);
          if (!host || !isProjectHost(host, hosts)) return null;
          current = page.location;
          continue;
        }
        return page.status >= 200 && page.status < 300 ? page.body : null;
      }
      return null;
    } catch {
      return null;
    } finally {
      await fetcher.close();
    }
  }

  async function hashesOf(url: string, hosts: readonly string[]): Promise<ConfirmedHashes> {
    const html = await fetchHtml(url, hosts);
    if (html === null) return null;
    return new Set(extractSegments(html).map((segment) => segment.sourceHash));
  }

  return {
    /** The segments the page at `url` has (fetched at most once per window, shared by concurrent reports). */
    confirm(projectId: string, url: string, hosts: readonly string[]): Promise<ConfirmedHashes> {
      const now = deps.clock.now().getTime();
      const key = `${projectId}|${url}`;
      const cached = cache.get(key);
      if (cached && now - cached.at < CONFIRMATION_TTL_MS) return cached.hashes;
      if (cache.size >= CONFIRMATION_CACHE_LIMIT) {
        for (const [stale, entry] of cache) if (now - entry.at >= CONFIRMATION_TTL_MS) cache.delete(stale);
        if (cache.size >= CONFIRMATION_CACHE_LIMIT) cache.clear();
      }
      const hashes = hashesOf(url, hosts);
      cache.set(key, { at: now, hashes });
      return hashes;
    },
  };
}

export type PageConfirmation = ReturnType<typeof createPageConfirmation>;
