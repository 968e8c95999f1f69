import { DELIVERY_MESSAGES, POPUP_CSS_MAX_LENGTH } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';
import { isProjectHost } from './delivery-origin';

// CSS escapes (`\6a`, `\j`) and comments can spell a forbidden word without its letters in a row
// (CSS Syntax Level 3 §4.3.7 "consume an escaped code point"); check the decoded text too.
const CSS_ESCAPE = /\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\([^\n0-9a-fA-F])/g;
const CSS_COMMENT = /\/\*[\s\S]*?(?:\*\/|$)/g;

// What would let a stylesheet leave its <style> element or run code in old browsers.
const FORBIDDEN = [
  /<\/?\s*style/i,
  /<\s*script/i,
  /<!--|-->/,
  /<!\[CDATA\[/i,
  /javascript\s*:/i,
  /vbscript\s*:/i,
  /expression\s*\(/i,
  /-moz-binding/i,
  /behavior\s*:/i,
];

// Where a stylesheet names a file to load: url(), src(), @import "…" and image-set("…").
const URL_FUNCTION = /\b(?:url|src)\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))/gi;
const IMPORT_STRING = /@import\s*(?:"([^"]*)"|'([^']*)')/gi;
const IMAGE_SET = /image-set\(([^)]*)\)/gi;
const QUOTED = /"([^"]*)"|'([^']*)'/g;

function loadedUrls(decoded: string): string[] {
  const urls: string[] = [];
  for (const pattern of [URL_FUNCTION, IMPORT_STRING]) {
    for (const match of decoded.matchAll(pattern)) urls.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  for (const set of decoded.matchAll(IMAGE_SET)) {
    for (const match of (set[1] ?? '').matchAll(QUOTED)) urls.push(match[1] ?? match[2] ?? '');
  }
  return urls.map((url) => url.trim());
}

/**
 * A file the switcher may load: data: URLs, paths relative to the visitor's page (always on the
 * project's site), or http(s) URLs on the project's domains. Anything else would let the CSS
 * track visitors from another host or pull in a foreign stylesheet.
 */
function isAllowedUrl(url: string, hosts: readonly string[]): boolean {
  if (/^data:/i.test(url)) return true;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(url) || /^[/\\]{2}/.test(url);
  if (!absolute) return true;
  const parsed = URL.canParse(url, 'https://relative.invalid')
    ? new URL(url, 'https://relative.invalid')
    : null;
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return false;
  return isProjectHost(parsed.hostname, hosts);
}

function decodeCss(css: string): string {
  return css
    .replace(CSS_COMMENT, '')
    .replace(CSS_ESCAPE, (_match, hex: string | undefined, char: string | undefined) => {
      if (char !== undefined) return char;
      const code = Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    });
}

/**
 * Checks the language switcher's CSS before it is saved. It is served to every visitor and placed
 * in a <style> element (the snippet sets it as text; the proxy writes it into pages), so anything
 * that could close that element or run script is refused with a message rather than silently
 * removed: the customer sees what to change.
 */
export function checkPopupCss(css: string, projectHosts: readonly string[]): string {
  const trimmed = css.replace(/\r\n?/g, '\n').trim();
  if (trimmed.length > POPUP_CSS_MAX_LENGTH) throw AppError.validation([DELIVERY_MESSAGES.popupCssTooLong]);
  const decoded = decodeCss(trimmed);
  if (FORBIDDEN.some((pattern) => pattern.test(trimmed) || pattern.test(decoded))) {
    throw AppError.validation([DELIVERY_MESSAGES.popupCssUnsafe]);
  }
  if (!loadedUrls(decoded).every((url) => isAllowedUrl(url, projectHosts))) {
    throw AppError.validation([DELIVERY_MESSAGES.popupCssForeignUrl]);
  }
  return trimmed;
}
