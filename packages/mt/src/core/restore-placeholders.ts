import type { MtResultStatus } from '../mt-provider';
import { canonicaliseTokens, findTokens, type PlaceholderToken } from './placeholder-tokens';

/** An engine's answer checked against its source: placeholders repaired, or the source when beyond repair. */
export interface RestoredText {
  text: string;
  status: MtResultStatus;
  issues: string[];
}

const TRAILING_WORD = /([\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’-]*)(\s*)$/u;
const LEADING_WORD = /^(\s*)([\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’-]*)/u;

class Unrepairable extends Error {}

function stripTokens(text: string): string {
  return text.replace(/<\/?x\d+\/?>/g, '');
}

function edgeWhitespace(text: string): { lead: string; trail: string } {
  return {
    lead: /^\s*/.exec(text)?.[0] ?? '',
    trail: text.trim() === '' ? '' : (/\s*$/.exec(text)?.[0] ?? ''),
  };
}

/** Where to insert a lost placeholder: source edges map to answer edges, otherwise the nearest word gap. */
function insertionPoint(source: string, token: PlaceholderToken, answer: string): number {
  if (stripTokens(source.slice(0, token.start)).trim() === '') return 0;
  if (stripTokens(source.slice(token.end)).trim() === '') return answer.length;
  const target = Math.round(
    (stripTokens(source.slice(0, token.start)).length / Math.max(1, stripTokens(source).length)) *
      answer.length,
  );
  const inside = findTokens(answer);
  let best = answer.length;
  for (let i = 0; i <= answer.length; i++) {
    const isGap = i === 0 || i === answer.length || /\s/.test(answer[i - 1] ?? '');
    if (!isGap || inside.some((t) => i > t.start && i < t.end)) continue;
    if (Math.abs(i - target) < Math.abs(best - target)) best = i;
  }
  return best;
}

function insertAt(text: string, at: number, insert: string): string {
  return text.slice(0, at) + insert + text.slice(at);
}

function removeStrayTokens(answer: string, expected: ReadonlySet<string>, issues: string[]): string {
  const seen = new Set<string>();
  let result = '';
  let cursor = 0;
  for (const token of findTokens(answer)) {
    const isStray = !expected.has(token.raw);
    const isDuplicate = seen.has(token.raw);
    seen.add(token.raw);
    if (!isStray && !isDuplicate) continue;
    issues.push(
      isStray ? `removed unknown placeholder ${token.raw}` : `removed duplicate placeholder ${token.raw}`,
    );
    result += answer.slice(cursor, token.start);
    cursor = token.end;
  }
  return result + answer.slice(cursor);
}

function restoreMissing(
  source: string,
  sourceTokens: PlaceholderToken[],
  answer: string,
  issues: string[],
): string {
  let result = answer;
  const present = new Set(findTokens(result).map((token) => token.raw));
  for (const token of sourceTokens) {
    if (present.has(token.raw) || token.kind === 'close') continue;
    if (token.kind === 'empty') {
      result = insertAt(result, insertionPoint(source, token, result), token.raw);
      issues.push(`restored lost placeholder ${token.raw}`);
      continue;
    }
    const close = sourceTokens.find((t) => t.kind === 'close' && t.index === token.index);
    if (!close) throw new Unrepairable(`source placeholder ${token.raw} is never closed`);
    if (present.has(close.raw)) throw new Unrepairable(`the engine dropped ${token.raw}`);
    const inner = stripTokens(source.slice(token.end, close.start)).trim();
    const outside = stripTokens(source.slice(0, token.start) + source.slice(close.end)).trim();
    if (inner === '') {
      result = insertAt(result, insertionPoint(source, token, result), token.raw + close.raw);
    } else if (outside === '') {
      const { lead, trail } = edgeWhitespace(result);
      result = lead + token.raw + result.trim() + close.raw + trail;
    } else {
      throw new Unrepairable(`the engine dropped ${token.raw}…${close.raw}`);
    }
    issues.push(`restored lost placeholder ${token.raw}…${close.raw}`);
  }
  for (const token of sourceTokens) {
    if (token.kind === 'close' && !findTokens(result).some((t) => t.raw === token.raw)) {
      throw new Unrepairable(`the engine dropped ${token.raw}`);
    }
  }
  return result;
}

function assertWellNested(answer: string): void {
  const stack: number[] = [];
  for (const token of findTokens(answer)) {
    if (token.kind === 'open') stack.push(token.index);
    if (token.kind === 'close' && stack.pop() !== token.index)
      throw new Unrepairable(`placeholder ${token.raw} is out of order`);
  }
  if (stack.length > 0) throw new Unrepairable('placeholders are out of order');
}

/** Apertium-style answers move a tag after the word it wrapped (`allá <x4></x4>`): move the word back in. */
function refillEmptiedPairs(source: string, answer: string, issues: string[]): string {
  let result = answer;
  for (const open of findTokens(source).filter((token) => token.kind === 'open')) {
    const close = `</x${open.index}>`;
    const sourceInner = stripTokens(source.slice(open.end, source.indexOf(close, open.end))).trim();
    const pair = open.raw + close;
    const at = result.indexOf(pair);
    if (sourceInner === '' || at < 0) continue;
    const before = result.slice(0, at);
    const after = result.slice(at + pair.length);
    const trailing = TRAILING_WORD.exec(before);
    const leading = LEADING_WORD.exec(after);
    if (trailing?.[1]) {
      const head = before.slice(0, before.length - trailing[0].length);
      const gap = /^[\p{L}\p{N}]/u.test(after) ? (trailing[2] ?? '') : '';
      result = `${head}${open.raw}${trailing[1]}${close}${gap}${after}`;
    } else if (leading?.[2]) {
      result = `${before}${leading[1] ?? ''}${open.raw}${leading[2]}${close}${after.slice(leading[0].length)}`;
    } else {
      continue;
    }
    issues.push(`moved a word back into ${open.raw}…${close}`);
  }
  return result;
}

/**
 * Checks an engine's answer against the text that was sent: every placeholder exactly once and
 * well nested. Lost or doubled placeholders are repaired where their place is clear; otherwise
 * the source is returned with status `source`.
 */
export function restorePlaceholders(sent: string, answer: string): RestoredText {
  const issues: string[] = [];
  const sourceTokens = findTokens(sent);
  const { lead, trail } = edgeWhitespace(sent);
  const hasText = stripTokens(sent).trim() !== '';
  try {
    let result = canonicaliseTokens(answer).trim();
    if (hasText && stripTokens(result).trim() === '')
      throw new Unrepairable('the engine returned an empty translation');
    result = removeStrayTokens(result, new Set(sourceTokens.map((token) => token.raw)), issues);
    result = restoreMissing(sent, sourceTokens, result, issues);
    assertWellNested(result);
    result = refillEmptiedPairs(sent, result, issues);
    return {
      text: lead + result.trim() + trail,
      status: issues.length > 0 ? 'repaired' : 'translated',
      issues,
    };
  } catch (error) {
    if (!(error instanceof Unrepairable)) throw error;
    return { text: sent, status: 'source', issues: [...issues, error.message] };
  }
}
