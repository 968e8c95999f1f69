import { describe, expect, it } from 'vitest';
import {
  IGNORE_PATTERN_MESSAGES,
  checkIgnorePattern,
  hasNestedRepetition,
  ignorePatternSchema,
} from '../src';

// Ignore patterns are checked when saved: they run against every segment of every crawl.

describe('ignore patterns', () => {
  it.each([
    'Copyright 2026 Jitsi',
    '/^\\d{1,3}(,\\d{3})*$/',
    '/^Last updated on .+$/i',
    '/(foo|bar)?baz/gmsu',
    '/[+*]+/',
    '/\\(a+\\)+/',
    '/(\\d+)?x/',
    '/^(ab){2,3}$/',
  ])('accepts %s', (pattern) => expect(checkIgnorePattern(pattern)).toBeNull());

  it('rejects syntax errors with the engine’s reason', () => {
    const problem = checkIgnorePattern('/(unclosed/');
    expect(problem).toMatch(new RegExp(`^${IGNORE_PATTERN_MESSAGES.invalidRegex}: `));
    expect(problem).toContain('Unterminated group');
    expect(checkIgnorePattern('/*a/')).toContain('Nothing to repeat');
  });

  it.each(['/(a+)+$/', '/^(\\w*\\s?)*$/', '/((x+))*/', '/(?:[a-z]+\\.){2,}com/', '/(.*a){3,}/'])(
    'rejects %s as prone to catastrophic backtracking',
    (pattern) => expect(checkIgnorePattern(pattern)).toBe(IGNORE_PATTERN_MESSAGES.catastrophic),
  );

  it('caps the length, and rejects empty patterns and unknown or repeated flags', () => {
    expect(checkIgnorePattern(`/${'a'.repeat(501)}/`)).toBe(IGNORE_PATTERN_MESSAGES.tooLong);
    expect(checkIgnorePattern(`/${'a'.repeat(500)}/`)).toBeNull();
    expect(checkIgnorePattern('x'.repeat(600))).toBe(IGNORE_PATTERN_MESSAGES.tooLong);
    expect(checkIgnorePattern('   ')).toBe(IGNORE_PATTERN_MESSAGES.required);
    expect(checkIgnorePattern('//')).toBe(IGNORE_PATTERN_MESSAGES.emptyRegex);
    expect(checkIgnorePattern('/a/x')).toBe(IGNORE_PATTERN_MESSAGES.badFlags);
    expect(checkIgnorePattern('/a/ii')).toBe(IGNORE_PATTERN_MESSAGES.badFlags);
  });

  it('the rejected shape really is slow, and the check is not fooled by escapes or classes', () => {
    // (a+)+$ against "aaaa…b" backtracks exponentially: 20 letters already take far longer
    // than the linear-time equivalent a+$ on the same text.
    const text = `${'a'.repeat(20)}b`;
    const time = (regex: RegExp) => {
      const start = performance.now();
      regex.test(text);
      return performance.now() - start;
    };
    const linear = Math.max(time(/a+$/), 0.01);
    expect(time(/(a+)+$/) / linear).toBeGreaterThan(50);
    expect(hasNestedRepetition('(a+)+$')).toBe(true);
    expect(hasNestedRepetition('a+$')).toBe(false);
    expect(hasNestedRepetition('\\(a+\\)+')).toBe(false);
    expect(hasNestedRepetition('[(]a+[)]+')).toBe(false);
  });

  it('the zod schema reports the problem as its message', () => {
    const result = ignorePatternSchema.safeParse('/(a*)*b/');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(IGNORE_PATTERN_MESSAGES.catastrophic);
    expect(ignorePatternSchema.safeParse('/^Page \\d+$/').success).toBe(true);
  });
});
