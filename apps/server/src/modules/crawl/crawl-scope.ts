import type { PageSeed } from '../scope/pages.repository';
import { hostOf, normaliseUrl } from './normalise-url';

/**
 * The hosts (`host[:port]`, default ports omitted) a project's crawl may visit: each active
 * domain's and its `www.` twin (a site and its www host are one website to its owner), nothing
 * else. The scheme does not matter: http and https of one host are the same site.
 */
export function allowedHostsOf(hostnames: readonly string[]): Set<string> {
  const hosts = new Set<string>();
  for (const raw of hostnames) {
    const host = raw.toLowerCase();
    hosts.add(host);
    hosts.add(host.startsWith('www.') ? host.slice(4) : `www.${host}`);
  }
  return hosts;
}

/** A crawlable URL's queue key and host (`host[:port]`, default port omitted), whatever the project. */
export interface UrlKey {
  readonly normalisedUrl: string;
  readonly hostname: string;
}

/** The key and host of a URL a crawler may follow, else null (see `normaliseUrl`). */
export function urlKeyOf(url: string, base?: string): UrlKey | null {
  const normalisedUrl = normaliseUrl(url, base);
  const hostname = normalisedUrl && hostOf(normalisedUrl);
  return normalisedUrl && hostname ? { normalisedUrl, hostname } : null;
}

/** A URL as a queue entry (its `hostname` is the host with a non-default port) when it is crawlable and on an allowed host, else null. */
export function toSeed(
  url: string,
  allowedHosts: ReadonlySet<string>,
  depth = 0,
  base?: string,
): PageSeed | null {
  const key = urlKeyOf(url, base);
  if (!key || !allowedHosts.has(key.hostname)) return null;
  return { url: key.normalisedUrl, normalisedUrl: key.normalisedUrl, hostname: key.hostname, depth };
}

/** Patterns of the project's ignore list: `/source/flags` is a regular expression, anything else exact text. */
export function compileIgnorePatterns(patterns: readonly string[] | undefined): Array<string | RegExp> {
  const compiled: Array<string | RegExp> = [];
  for (const pattern of patterns ?? []) {
    const match = /^\/(.{1,500})\/([gimsuy]*)$/s.exec(pattern);
    if (!match?.[1]) {
      compiled.push(pattern);
      continue;
    }
    try {
      compiled.push(new RegExp(match[1], match[2]?.replace('g', '')));
    } catch {
      compiled.push(pattern);
    }
  }
  return compiled;
}
