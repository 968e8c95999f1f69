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

/** A URL as a queue entry (its `hostname` is the host with a non-default port) when it is crawlable and on an allowed host, else null. */
export function toSeed(
  url: string,
  allowedHosts: ReadonlySet<string>,
  depth = 0,
  base?: string,
): PageSeed | null {
  const normalisedUrl = normaliseUrl(url, base);
  if (!normalisedUrl) return null;
  const hostname = hostOf(normalisedUrl);
  if (!hostname || !allowedHosts.has(hostname)) return null;
  return { url: normalisedUrl, normalisedUrl, hostname, depth };
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
