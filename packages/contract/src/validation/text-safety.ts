import { z } from 'zod';

// NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a NUL or an unpaired UTF-16 surrogate, which no stored text may hold. */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/** The validation message for a field whose text holds a NUL or an unpaired surrogate. */
export function unsafeTextMessage(field: string): string {
  return `${field} contains a character that is not allowed (a NUL character or an unpaired surrogate)`;
}

function collectUnsafeTexts(value: unknown, path: (string | number)[], found: (string | number)[][]): void {
  if (typeof value === 'string') {
    if (hasUnsafeCharacters(value)) found.push(path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => collectUnsafeTexts(item, [...path, index], found));
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnsafeCharacters(key)) found.push([...path, key]);
      collectUnsafeTexts(item, [...path, key], found);
    }
  }
}

/**
 * Refuses any input whose strings (object keys included, at any depth) hold a NUL or an unpaired
 * surrogate: PostgreSQL cannot store either, so every request passes this before its own schema.
 */
export const safeTextInput = z.unknown().superRefine((value, ctx) => {
  const found: (string | number)[][] = [];
  collectUnsafeTexts(value, [], found);
  for (const path of found) {
    const field = [...path].reverse().find((part): part is string => typeof part === 'string') ?? 'value';
    ctx.addIssue({ code: 'custom', path, message: unsafeTextMessage(field) });
  }
});
