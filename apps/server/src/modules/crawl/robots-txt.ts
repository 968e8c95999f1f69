/**
 * robots.txt as RFC 9309 defines it: groups of `user-agent` lines followed by `allow` and
 * `disallow` rules; the most specific group whose agent matches ours applies (else `*`); the
 * longest matching rule wins, `allow` on a tie; `*` matches any characters and a final `$`
 * anchors the end. Lines are `key: value`, comments start with `#`.
 */
export interface RobotsRules {
  /** Whether our agent may fetch this path (with query). */
  isAllowed(pathWithQuery: string): boolean;
  /** `sitemap:` lines, in order (they belong to no group). */
  sitemaps: string[];
  /** `crawl-delay` of the applying group, in seconds, when given. */
  crawlDelaySeconds?: number;
}

interface Rule {
  allow: boolean;
  pattern: string;
  regex: RegExp;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelay?: number;
}

// RFC 9309 §2.5: parsers must handle at least 500 KiB.
const MAX_ROBOTS_BYTES = 500 * 1024;

function percentEncodeNonAscii(path: string): string {
  return path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
}

function compile(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`);
}

function normaliseForMatch(path: string): string {
  // Compare percent-encodings case-insensitively (RFC 9309 §2.2.2).
  return percentEncodeNonAscii(path).replace(/%[0-9a-f]{2}/gi, (m) => m.toUpperCase());
}

function parseGroups(text: string): { groups: Group[]; sitemaps: string[] } {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const rawLine of text.slice(0, MAX_ROBOTS_BYTES).split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      // An empty disallow allows everything: it adds no rule.
      if (!value) continue;
      const pattern = normaliseForMatch(value);
      current.rules.push({ allow: key === 'allow', pattern, regex: compile(pattern) });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return { groups, sitemaps };
}

function groupsFor(groups: Group[], userAgent: string): Group[] {
  const agent = userAgent.toLowerCase();
  // The product token of the agent: letters, digits, `_` and `-` (RFC 9309 §2.2.1).
  const token = /^[a-z0-9_-]+/.exec(agent)?.[0] ?? agent;
  const named = groups.filter((g) => g.agents.some((a) => a !== '*' && a === token));
  if (named.length > 0) return named;
  return groups.filter((g) => g.agents.includes('*'));
}

/** Parses robots.txt for the given user agent. */
export function parseRobotsTxt(text: string, userAgent: string): RobotsRules {
  const { groups, sitemaps } = parseGroups(text);
  const applying = groupsFor(groups, userAgent);
  // Several groups for the same agent are merged (RFC 9309 §2.2.1).
  const rules = applying.flatMap((g) => g.rules);
  const crawlDelaySeconds = applying.find((g) => g.crawlDelay !== undefined)?.crawlDelay;
  return {
    sitemaps,
    ...(crawlDelaySeconds !== undefined ? { crawlDelaySeconds } : {}),
    isAllowed(pathWithQuery) {
      const path = normaliseForMatch(pathWithQuery || '/');
      if (path === '/robots.txt') return true;
      let best: Rule | null = null;
      for (const rule of rules) {
        if (!rule.regex.test(path)) continue;
        if (
          !best ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
        ) {
          best = rule;
        }
      }
      return best ? best.allow : true;
    },
  };
}

/** Rules when robots.txt is missing (4xx): everything allowed (RFC 9309 §2.3.1.3). */
export const ALLOW_ALL: RobotsRules = { sitemaps: [], isAllowed: () => true };
/** Rules when robots.txt is unreachable (5xx, network): nothing allowed (RFC 9309 §2.3.1.4). */
export const DISALLOW_ALL: RobotsRules = { sitemaps: [], isAllowed: (path) => path === '/robots.txt' };
