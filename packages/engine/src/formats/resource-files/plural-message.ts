/**
 * A plural of a resource file (Android `<plurals>`, a stringsdict variable, a String Catalog
 * plural variation, an i18next `_one/_other` group) as ONE ICU plural message, and back.
 *
 * The forms are literal texts: whatever they hold (`%d`, `<x1/>` markers, `#`, braces,
 * apostrophes) comes back from `pluralForms` exactly as it went into `pluralMessage`. ICU quoting
 * (default apostrophe mode, as `json-i18n/icu.ts` reads it): `''` is one apostrophe, an
 * apostrophe before `{`, `}`, `#` or `|` opens a quoted literal that the next lone apostrophe
 * closes, any other apostrophe is itself. A `#` in a branch that is NOT quoted is ICU's number
 * and stays `#` in the form (a codec's own number placeholder is a marker, never `#`).
 */
import { icuBlocks } from '../json-i18n/icu';
import { PLURAL_CATEGORIES, isPluralCategory, type PluralCategory } from '../plural-categories';

/** Characters that have a meaning in an ICU message and are quoted when literal. */
const SYNTAX = new Set(['{', '}', '#']);
/** Characters an apostrophe opens a quote before (ICU also counts `|`, for choice). */
const QUOTE_OPENERS = new Set(['{', '}', '#', '|']);

/** A literal text as the content of an ICU branch. */
export function quoteIcuLiteral(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === "'") {
      const next = text[i + 1];
      // A lone apostrophe is literal unless it would open a quote or meet the branch's `}`.
      out += next === undefined || next === "'" || QUOTE_OPENERS.has(next) ? "''" : "'";
    } else if (SYNTAX.has(c)) {
      // One quoted run; apostrophes right after it go inside it (as `''`), since a lone one
      // there would read as `''` with the closing quote.
      let run = c;
      while (i + 1 < text.length && (SYNTAX.has(text[i + 1]!) || text[i + 1] === "'")) {
        i += 1;
        run += text[i] === "'" ? "''" : text[i];
      }
      out += `'${run}'`;
    } else out += c;
  }
  return out;
}

/** The literal text of ICU branch content: quotes resolved, everything else as written. */
export function unquoteIcuLiteral(content: string): string {
  let out = '';
  for (let i = 0; i < content.length; i += 1) {
    const c = content[i]!;
    if (c !== "'") {
      out += c;
      continue;
    }
    const next = content[i + 1];
    if (next === "'") {
      out += "'";
      i += 1;
    } else if (next !== undefined && QUOTE_OPENERS.has(next)) {
      // Quoted literal up to the next lone apostrophe; `''` inside it is one apostrophe.
      i += 1;
      for (; i < content.length; i += 1) {
        if (content[i] !== "'") out += content[i];
        else if (content[i + 1] === "'") {
          out += "'";
          i += 1;
        } else break;
      }
    } else out += c;
  }
  return out;
}

function entriesOf(forms: ReadonlyMap<string, string> | Record<string, string>): [string, string][] {
  if (forms instanceof Map) return [...(forms as ReadonlyMap<string, string>).entries()];
  return Object.entries(forms as Record<string, string>);
}

/**
 * `{count, plural, one {…} other {…}}` from the forms by CLDR category, in CLDR order (zero one
 * two few many other); names that are not CLDR categories are left out.
 */
export function pluralMessage(
  forms: ReadonlyMap<string, string> | Record<string, string>,
  variable = 'count',
): string {
  const byCategory = new Map(entriesOf(forms));
  const branches = PLURAL_CATEGORIES.filter((category) => byCategory.has(category)).map(
    (category) => `${category} {${quoteIcuLiteral(byCategory.get(category)!)}}`,
  );
  return `{${variable}, plural, ${branches.join(' ')}}`;
}

/**
 * The forms of a message that is exactly one plural (`{n, plural, one {…} other {…}}`, spacing
 * around it allowed), by category; undefined for anything else: plain text, text around the
 * plural, a select, an `offset:`, an explicit `=N` branch or an unknown category.
 */
export function pluralForms(
  message: string,
): { variable: string; forms: Map<PluralCategory, string> } | undefined {
  const trimmed = message.trim();
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return undefined;
  const blocks = icuBlocks(trimmed);
  const block = blocks[0];
  if (blocks.length !== 1 || !block || block.type !== 'plural') return undefined;
  if (block.start !== 0 || block.end !== trimmed.length || block.head.trim() !== '') return undefined;
  const forms = new Map<PluralCategory, string>();
  for (const branch of block.branches) {
    if (!isPluralCategory(branch.selector) || forms.has(branch.selector)) return undefined;
    forms.set(branch.selector, unquoteIcuLiteral(branch.content));
  }
  return { variable: block.argument, forms };
}
