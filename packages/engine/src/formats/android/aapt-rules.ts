import { FORMAT_SPECIFIER } from './placeholders';
import { tokenizeXml } from './tokenizer';
import { decodeXmlReferences } from './xml-references';
import { DEFAULT_ANDROID_LIMITS, lineIndex } from './types';

/** Which rule a string breaks. */
export const AAPT_RULES = [
  'apostrophe',
  'unicode-escape',
  'unbalanced-quotes',
  'format-specifier',
  'non-positional',
] as const;
/** A rule of `checkAaptStringRules`. */
export type AaptRule = (typeof AAPT_RULES)[number];

/** A string resource aapt2 would refuse (or the app would misread), with where it is. */
export interface AaptIssue {
  readonly rule: AaptRule;
  readonly key: string;
  readonly line: number;
  readonly message: string;
}

const STRING_ELEMENTS = new Set(['string', 'string-array', 'plurals']);
const SPECIFIER_AT = new RegExp(FORMAT_SPECIFIER.source, 'y');

/**
 * The string rules aapt2 applies when it compiles `res/values*` (and the two Lint rules every build
 * runs next to it), written from developer.android.com "String resources" and aapt2's
 * ResourceUtils: an apostrophe outside double quotes must be `\'`; `\u` takes four hex digits;
 * double quotes come in pairs; a `%` in a format string starts a `java.util.Formatter` specifier;
 * two or more substitutions must be positional (`%1$s`) unless `formatted="false"`.
 */
export function checkAaptStringRules(source: string): AaptIssue[] {
  const tokens = tokenizeXml(source, DEFAULT_ANDROID_LIMITS);
  const issues: AaptIssue[] = [];
  const lineOf = lineIndex(source);
  let group: { key: string; formatted: boolean } | undefined;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.type === 'close' && STRING_ELEMENTS.has(token.name)) group = undefined;
    if (token.type !== 'open' || token.selfClosing) continue;
    const attribute = (name: string): string | undefined =>
      token.attributes.find((entry) => entry.name === name)?.value;
    if (token.name === 'string-array' || token.name === 'plurals') {
      group = { key: attribute('name') ?? '', formatted: attribute('formatted') !== 'false' };
      continue;
    }
    const isString = token.name === 'string';
    if (!isString && !(token.name === 'item' && group)) continue;
    const key = isString ? (attribute('name') ?? '') : group!.key;
    const formatted = isString ? attribute('formatted') !== 'false' : group!.formatted;
    let depth = 0;
    let chars = '';
    let end = index;
    for (; end < tokens.length; end++) {
      const inner = tokens[end]!;
      if (inner.type === 'open' && !inner.selfClosing) depth++;
      else if (inner.type === 'close' && --depth === 0) break;
      else if (inner.type === 'text')
        chars += decodeXmlReferences(source.slice(inner.start, inner.end)) as string;
      else if (inner.type === 'cdata') chars += source.slice(inner.start + 9, inner.end - 3);
    }
    const line = lineOf(token.end);
    for (const [rule, message] of checkString(chars, formatted)) issues.push({ rule, key, line, message });
    index = end;
  }
  return issues;
}

/** The rules one string's character data breaks. */
export function checkString(chars: string, formatted: boolean): [AaptRule, string][] {
  const found: [AaptRule, string][] = [];
  const trimmed = chars.trimStart();
  if (trimmed.startsWith('@') || trimmed.startsWith('?')) return found;
  let quoted = false;
  let quotes = 0;
  let plain = '';
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    if (char === '\\') {
      const next = chars[index + 1];
      if (next === 'u' && !/^[0-9a-fA-F]{4}$/.test(chars.slice(index + 2, index + 6))) {
        found.push(['unicode-escape', `invalid unicode escape sequence "${chars.slice(index, index + 6)}"`]);
      }
      plain += ' ';
      index++;
      continue;
    }
    if (char === '"') {
      quoted = !quoted;
      quotes++;
    } else if (char === "'" && !quoted) {
      found.push(['apostrophe', "unescaped apostrophe (write \\' or put the text in double quotes)"]);
    }
    plain += char;
  }
  if (quotes % 2 === 1)
    found.push(['unbalanced-quotes', 'a double quote is not closed (write \\" for a quote mark)']);
  if (!formatted) return found;
  const specifiers = [...plain.matchAll(FORMAT_SPECIFIER)].map((match) => match[0]);
  if (specifiers.length === 0) return found;
  for (let index = plain.indexOf('%'); index !== -1; index = plain.indexOf('%', index + 1)) {
    SPECIFIER_AT.lastIndex = index;
    const match = SPECIFIER_AT.exec(plain);
    if (!match) {
      found.push([
        'format-specifier',
        `"${plain.slice(index, index + 4)}" is not a format specifier (write %% for a percent sign)`,
      ]);
    } else index += match[0].length - 1;
  }
  const arguments_ = specifiers.filter((specifier) => specifier !== '%%' && specifier !== '%n');
  if (arguments_.length > 1 && arguments_.some((specifier) => !/^%\d+\$/.test(specifier))) {
    found.push(['non-positional', 'multiple substitutions in non-positional format (use %1$s, %2$s…)']);
  }
  return found;
}
