/** The host of an `Origin` (or `Referer`) header value, lower-case, or undefined when it is not an http(s) URL. */
export function hostOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

const stripWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/**
 * Whether a page host belongs to a project: one of its active domains, with or without `www.`
 * (customers add `example.in` and serve `www.example.in`, or the other way round).
 */
export function isProjectHost(host: string, domains: readonly string[]): boolean {
  const bare = stripWww(host);
  return domains.some((domain) => stripWww(domain.toLowerCase()) === bare);
}
