import { DOMAIN_VERIFICATION_LEVELS, type DomainVerificationLevel } from '@bhasha/contract';

const SCRIPT_START_TAG = /<script\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
/** Our script, wherever the deployment serves it from (HTML spec: src is a URL; we match its path). */
const SNIPPET_PATH = /\/delivery\/bhasha\.js(?:[?#]|$)/;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    // The first of duplicated attributes wins, as in HTML parsing.
    if (!attributes.has(name)) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

/**
 * What a page's markup says about the snippet: 2 when a `<script>` loads bhasha.js with this
 * project's `data-project-id`, 1 when it loads bhasha.js for another (or no) project id, 0 when
 * there is no such tag. Comments are dropped first, so a commented-out tag does not count.
 */
export function findSnippetTag(html: string, projectId: string): DomainVerificationLevel {
  const markup = html.replace(/<!--[\s\S]*?-->/g, '');
  let level: DomainVerificationLevel = DOMAIN_VERIFICATION_LEVELS.none;
  for (const match of markup.matchAll(SCRIPT_START_TAG)) {
    const attributes = attributesOf(match[1] ?? '');
    const src = attributes.get('src') ?? '';
    if (!SNIPPET_PATH.test(src.trim())) continue;
    if ((attributes.get('data-project-id') ?? '').trim().toLowerCase() === projectId.toLowerCase())
      return DOMAIN_VERIFICATION_LEVELS.projectIdVerified;
    level = DOMAIN_VERIFICATION_LEVELS.scriptVerified;
  }
  return level;
}
