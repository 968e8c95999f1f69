import { createHash } from 'node:crypto';
import type { ProxySite, UrlTranslationRow } from './proxy.repository';

/** Where the proxy reads sites, translations and slugs (the repository in production). */
export interface ProxySiteSource {
  findSiteByHost(host: string): Promise<ProxySite | undefined>;
  loadSite(projectId: string): Promise<ProxySite | undefined>;
  translationsFingerprint(projectId: string, language: string): Promise<string>;
  listTranslations(projectId: string, language: string): Promise<{ sourceHash: string; text: string }[]>;
  listSitemapUrls(projectId: string, limit: number): Promise<string[]>;
  listUrlTranslations(projectId: string, language?: string): Promise<UrlTranslationRow[]>;
}

/** One language's translations and slugs, with the version the page cache keys on. */
export interface LanguageState {
  /** Changes whenever a translation of the language changes. */
  version: string;
  translations: Map<string, string>;
  /** Source path → translated path, and back. */
  slugs: Map<string, string>;
  sourcePaths: Map<string, string>;
}

interface Timed<T> {
  value: T;
  checkedAt: number;
}

const HOST_CACHE_LIMIT = 10_000;

/**
 * What the proxy knows about sites, kept in memory and re-checked at most every `revalidateMs`:
 * a request never waits for the database when the answer is fresh, and an edit (in this process or
 * in a worker) shows within that time. Loads are shared by concurrent requests.
 */
export function createProxySiteCache(source: ProxySiteSource, revalidateMs: number, now = () => Date.now()) {
  const hosts = new Map<string, Timed<ProxySite | undefined>>();
  const sites = new Map<string, Timed<ProxySite | undefined>>();
  const languages = new Map<string, Timed<LanguageState>>();
  const inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by `invalidate`: a load that started before it stores its answer as stale. */
  let generation = 0;

  function shared<T>(key: string, load: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = load().finally(() => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
    });
    inFlight.set(key, promise);
    return promise;
  }

  /** The check time of an answer whose load started at generation `started`. */
  const checkedAt = (started: number) => (started === generation ? now() : Number.NEGATIVE_INFINITY);

  const isFresh = (entry: Timed<unknown> | undefined): boolean =>
    entry !== undefined && now() - entry.checkedAt < revalidateMs;

  async function siteByHost(host: string): Promise<ProxySite | undefined> {
    const entry = hosts.get(host);
    if (entry && isFresh(entry)) return entry.value;
    return shared(`host|${host}`, async () => {
      const started = generation;
      const value = await source.findSiteByHost(host);
      if (hosts.size >= HOST_CACHE_LIMIT) hosts.clear();
      hosts.set(host, { value, checkedAt: checkedAt(started) });
      return value;
    });
  }

  async function site(projectId: string): Promise<ProxySite | undefined> {
    const entry = sites.get(projectId);
    if (entry && isFresh(entry)) return entry.value;
    return shared(`site|${projectId}`, async () => {
      const started = generation;
      const value = await source.loadSite(projectId);
      if (sites.size >= HOST_CACHE_LIMIT) sites.clear();
      sites.set(projectId, { value, checkedAt: checkedAt(started) });
      return value;
    });
  }

  async function language(projectId: string, code: string): Promise<LanguageState> {
    const key = `${projectId}|${code}`;
    const entry = languages.get(key);
    if (entry && isFresh(entry)) return entry.value;
    return shared(`lang|${key}`, async () => {
      const started = generation;
      const fingerprint = await source.translationsFingerprint(projectId, code);
      const slugRows = await source.listUrlTranslations(projectId, code);
      const slugVersion = slugRows.map((row) => `${row.sourcePath}>${row.translatedPath}`).join('\n');
      const version = `${fingerprint}|${createHash('sha1').update(slugVersion).digest('base64url')}`;
      let state = entry?.value;
      if (state?.version !== version) {
        const rows = await source.listTranslations(projectId, code);
        state = {
          version,
          translations: new Map(rows.map((row) => [row.sourceHash, row.text])),
          slugs: new Map(slugRows.map((row) => [row.sourcePath, row.translatedPath])),
          sourcePaths: new Map(slugRows.map((row) => [row.translatedPath, row.sourcePath])),
        };
      }
      languages.set(key, { value: state, checkedAt: checkedAt(started) });
      return state;
    });
  }

  /** Marks what is known about a project (all projects when undefined) as due for a re-check. */
  function invalidate(projectId?: string): void {
    const stale = (entry: Timed<unknown>) => (entry.checkedAt = Number.NEGATIVE_INFINITY);
    for (const [id, entry] of sites) if (projectId === undefined || id === projectId) stale(entry);
    for (const [key, entry] of languages)
      if (projectId === undefined || key.startsWith(`${projectId}|`)) stale(entry);
    // A host may now belong to a project or stop belonging to one: hosts are few, re-check them all.
    for (const entry of hosts.values()) stale(entry);
    // A load already running may have read the old rows: later requests start their own, and its
    // answer is stored as due for a re-check.
    generation += 1;
    inFlight.clear();
  }

  return {
    siteByHost,
    site,
    language,
    invalidate,
    /** Forgets what is known about a project (its slugs or settings changed in this process). */
    forget(projectId: string): void {
      sites.delete(projectId);
      for (const key of [...languages.keys()]) if (key.startsWith(`${projectId}|`)) languages.delete(key);
      for (const [host, entry] of [...hosts]) if (entry.value?.projectId === projectId) hosts.delete(host);
    },
  };
}

export type ProxySiteCache = ReturnType<typeof createProxySiteCache>;
