/** A URL rewriter: the new value of a URL as written, or undefined to keep it. */
export type UrlRewrite = (value: string) => string | undefined;

// Comments first (a `url(` inside one is not a reference), then `url(…)` quoted or bare, then
// the string form of `@import`. CSS escapes are left alone: a value holding a backslash is kept.
const CSS_REFERENCE =
  /\/\*[\s\S]*?(?:\*\/|$)|\burl\(\s*(?:"([^"\\\n]*)"|'([^'\\\n]*)'|([^)"'\s\\]*))\s*\)|@import\s+(?:"([^"\\\n]*)"|'([^'\\\n]*)')/gi;

/**
 * A CSS string holding any URL: quotes, backslashes and line breaks escaped, and `<` too, so the
 * string cannot end a `<style>` element it is written into.
 */
function cssString(value: string): string {
  return `"${value.replace(/[\\"]/g, '\\$&').replace(/\n/g, '\\a ').replace(/</g, '\\3c ')}"`;
}

/**
 * Rewrites the URLs a style sheet loads (`url(…)` and `@import "…"`), keeping every other byte:
 * a rewritten reference is written as a double-quoted CSS string.
 */
export function rewriteCssUrls(css: string, rewrite: UrlRewrite): string {
  if (!/url\(|@import/i.test(css)) return css;
  return css.replace(
    CSS_REFERENCE,
    (match: string, dq?: string, sq?: string, bare?: string, importDq?: string, importSq?: string) => {
      if (match.startsWith('/*')) return match;
      const isImport = importDq !== undefined || importSq !== undefined;
      const value = (isImport ? (importDq ?? importSq) : (dq ?? sq ?? bare)) ?? '';
      if (value === '' || value.startsWith('data:')) return match;
      const rewritten = rewrite(value);
      if (rewritten === undefined) return match;
      return isImport ? `@import ${cssString(rewritten)}` : `url(${cssString(rewritten)})`;
    },
  );
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';

/**
 * Rewrites every URL of a `srcset` value (the HTML "parse a srcset attribute" steps: a URL runs
 * up to whitespace, trailing commas end its candidate, descriptors run up to a comma outside
 * parentheses). Undefined when nothing changes.
 */
export function rewriteSrcset(srcset: string, rewrite: UrlRewrite): string | undefined {
  let out = '';
  let changed = false;
  let i = 0;
  while (i < srcset.length) {
    const from = i;
    while (i < srcset.length && (isSpace(srcset[i]) || srcset[i] === ',')) i += 1;
    out += srcset.slice(from, i);
    if (i >= srcset.length) break;
    const start = i;
    while (i < srcset.length && !isSpace(srcset[i])) i += 1;
    let end = i;
    while (end > start && srcset[end - 1] === ',') end -= 1;
    const url = srcset.slice(start, end);
    const value = rewrite(url);
    if (value !== undefined && value !== url) changed = true;
    out += (value ?? url) + srcset.slice(end, i);
    if (end < i) continue; // Trailing commas ended the candidate.
    const descriptors = i;
    let depth = 0;
    while (i < srcset.length && (depth > 0 || srcset[i] !== ',')) {
      if (srcset[i] === '(') depth += 1;
      else if (srcset[i] === ')') depth = Math.max(0, depth - 1);
      i += 1;
    }
    out += srcset.slice(descriptors, i);
  }
  return changed ? out : undefined;
}
