import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSnippet } from '../scripts/build.mjs';

// Issue 8: the script a customer's visitors download stays at most 25 KB gzipped.
const BUDGET_BYTES = 25 * 1024;

describe('the snippet bundle', () => {
  it('builds to one IIFE file within the 25 KB gzipped budget', async () => {
    const code = readFileSync(await buildSnippet(), 'utf8');
    const gzipped = gzipSync(code, { level: 9 }).length;
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
    // Nothing of the server-side parser or the transliteration data rides along.
    expect(code).not.toMatch(/htmlparser2|node:module|translit/);
    // One self-invoking function: no top-level declarations leak into the page's scope.
    expect(code.trimStart()).toMatch(/^(?:"use strict";)?\(\(\)=>\{/);
  });
});
