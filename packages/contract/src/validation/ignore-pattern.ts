import { z } from 'zod';

/*
 * Ignore patterns (spec §3 "Project settings lists"): a segment text the extractor skips. A
 * pattern written `/source/flags` is a regular expression, anything else is exact text. They run
 * against every segment of every crawled page, so a pattern is checked when it is saved: it must
 * compile, and it must not be prone to catastrophic backtracking (one bad pattern would stall
 * every crawl of the project).
 */

/** Longest regular expression source (between the slashes), as the crawler reads it. */
export const IGNORE_PATTERN_MAX_SOURCE = 500;
/** Longest ignore pattern as saved, slashes and flags included. */
export const IGNORE_PATTERN_MAX_LENGTH = IGNORE_PATTERN_MAX_SOURCE + 8;
/** Flags an ignore pattern may carry (`g` is accepted and ignored: a segment is tested once). */
export const IGNORE_PATTERN_FLAGS = 'gimsuy';

export const IGNORE_PATTERN_MESSAGES = {
  required: 'Please enter an ignore pattern',
  tooLong: `An ignore pattern may have at most ${IGNORE_PATTERN_MAX_SOURCE} characters`,
  emptyRegex: 'The regular expression between the slashes is empty',
  badFlags: `Regular expression flags may only be ${IGNORE_PATTERN_FLAGS.split('').join(', ')}, each once`,
  invalidRegex: 'Invalid regular expression',
  catastrophic:
    'This regular expression repeats a group that itself repeats (like (a+)+); it could take too long on long texts. Please simplify it',
} as const;

const REGEX_FORM = /^\/([\s\S]*)\/([A-Za-z]*)$/;

/** The source and flags of a `/source/flags` pattern, or null for exact text. */
export function splitRegexPattern(pattern: string): { source: string; flags: string } | null {
  const match = REGEX_FORM.exec(pattern);
  return match ? { source: match[1] ?? '', flags: match[2] ?? '' } : null;
}

/** Length of the quantifier starting at `index` (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, lazy `?` included), or 0. */
function quantifierAt(
  source: string,
  index: number,
): { length: number; unbounded: boolean; repeats: boolean } {
  const char = source[index];
  let length = 0;
  let unbounded = false;
  let repeats = false;
  if (char === '*' || char === '+') {
    length = 1;
    unbounded = true;
    repeats = true;
  } else if (char === '?') {
    length = 1;
  } else if (char === '{') {
    const brace = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(index));
    if (brace) {
      length = brace[0].length;
      const min = Number(brace[1]);
      const max = brace[2] === undefined ? min : brace[3] === '' ? Infinity : Number(brace[3]);
      unbounded = max === Infinity;
      repeats = max > 1;
    }
  }
  if (length > 0 && source[index + length] === '?') length += 1;
  return { length, unbounded, repeats };
}

/**
 * True when a group that contains an unbounded repetition is itself repeated (`(a+)+`,
 * `(\w*\s?)*`, `(?:x+y?){2,}`): the classic shape of exponential backtracking. Character
 * classes and escapes are skipped so `[+*]` or `\+` do not count.
 */
export function hasNestedRepetition(source: string): boolean {
  // One entry per open group: does its body hold an unbounded quantifier?
  const groups: boolean[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (char === '[') {
      index += 1;
      while (index < source.length && source[index] !== ']') index += source[index] === '\\' ? 2 : 1;
      index += 1;
      const after = quantifierAt(source, index);
      if (after.unbounded && groups.length > 0) groups[groups.length - 1] = true;
      index += after.length;
      continue;
    }
    if (char === '(') {
      groups.push(false);
      index += 1;
      continue;
    }
    if (char === ')') {
      const innerRepeats = groups.pop() ?? false;
      index += 1;
      const after = quantifierAt(source, index);
      if (innerRepeats && after.repeats) return true;
      // The group (repeated or not) is part of its parent's body.
      if ((innerRepeats || after.unbounded) && groups.length > 0) groups[groups.length - 1] = true;
      index += after.length;
      continue;
    }
    const quantifier = quantifierAt(source, index);
    if (quantifier.length > 0) {
      if (quantifier.unbounded && groups.length > 0) groups[groups.length - 1] = true;
      index += quantifier.length;
      continue;
    }
    index += 1;
  }
  return false;
}

/** The problem with an ignore pattern, or null when it can be saved. */
export function checkIgnorePattern(pattern: string): string | null {
  if (pattern.trim() === '') return IGNORE_PATTERN_MESSAGES.required;
  if (pattern.length > IGNORE_PATTERN_MAX_LENGTH) return IGNORE_PATTERN_MESSAGES.tooLong;
  const regex = splitRegexPattern(pattern);
  if (!regex) return null;
  if (regex.source === '') return IGNORE_PATTERN_MESSAGES.emptyRegex;
  if (regex.source.length > IGNORE_PATTERN_MAX_SOURCE) return IGNORE_PATTERN_MESSAGES.tooLong;
  const flags = regex.flags.split('');
  if (flags.some((flag) => !IGNORE_PATTERN_FLAGS.includes(flag)) || new Set(flags).size !== flags.length)
    return IGNORE_PATTERN_MESSAGES.badFlags;
  try {
    new RegExp(regex.source, regex.flags.replace('g', ''));
  } catch (error) {
    // The engine's own words say what is wrong ("Unterminated group", "Nothing to repeat").
    const reason =
      error instanceof SyntaxError ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return reason
      ? `${IGNORE_PATTERN_MESSAGES.invalidRegex}: ${reason}`
      : IGNORE_PATTERN_MESSAGES.invalidRegex;
  }
  if (hasNestedRepetition(regex.source)) return IGNORE_PATTERN_MESSAGES.catastrophic;
  return null;
}

/** An ignore pattern as saved: exact text, or a safe `/source/flags` regular expression. */
export const ignorePatternSchema = z
  .string({ error: IGNORE_PATTERN_MESSAGES.required })
  .max(IGNORE_PATTERN_MAX_LENGTH * 2, { error: IGNORE_PATTERN_MESSAGES.tooLong })
  .superRefine((pattern, ctx) => {
    const problem = checkIgnorePattern(pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
