/** Query parameters that only track campaigns and never change a page's content. */
const TRACKING_PARAMS = /^(utm_[a-z0-9_]*|gclid|fbclid|msclkid|mc_cid|mc_eid|_ga|yclid)$/i;

const MAX_URL_LENGTH = 2048;

/**
 * The key two URLs of the same page share (WHATWG URL parsing, then): http(s) only, no
 * credentials, lower-case host (the parser does this), default port dropped, fragment removed,
 * tracking parameters removed, the remaining query kept in its order, empty path as `/`.
 * Answers null for URLs a crawler must not follow.
 */
export function normaliseUrl(input: string, base?: string): string | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(input.trim()) : new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  url.hash = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  const kept = [...url.searchParams].filter(([key]) => !TRACKING_PARAMS.test(key));
  if (kept.length !== [...url.searchParams].length) {
    url.search = kept.length === 0 ? '' : new URLSearchParams(kept).toString();
  }
  if (url.search === '?') url.search = '';
  const href = url.href;
  return href.length > MAX_URL_LENGTH ? null : href;
}

/** The lower-case `host[:port]` of a URL (default ports omitted), or null when it does not parse. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** `scheme://host[:port]` of a URL. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
