import { describe, expect, it } from 'vitest';
import { LevenshteinPattern, levenshtein } from '../../src/tm/bounded-levenshtein';

/** The textbook dynamic programme, as the reference. */
function referenceDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** A deterministic generator so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

function randomText(next: () => number, length: number, alphabet: string): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += alphabet[Math.floor(next() * alphabet.length)];
  return text;
}

describe('levenshtein', () => {
  it('agrees with the dynamic programme on known pairs', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('नमस्ते दुनिया', 'नमस्ते दुनिया')).toBe(0);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
  });

  it('agrees with the dynamic programme on random pairs across block boundaries', () => {
    const next = random(7);
    for (let round = 0; round < 400; round += 1) {
      const a = randomText(next, Math.floor(next() * 140), 'abcde ');
      const b = randomText(next, Math.floor(next() * 140), 'abcde ');
      expect(levenshtein(a, b), `${a} | ${b}`).toBe(referenceDistance(a, b));
    }
  });

  it('answers limit + 1 when the distance exceeds the bound, and the distance otherwise', () => {
    const next = random(11);
    for (let round = 0; round < 300; round += 1) {
      const a = randomText(next, 20 + Math.floor(next() * 80), 'abc');
      const b = randomText(next, 20 + Math.floor(next() * 80), 'abc');
      const exact = referenceDistance(a, b);
      const limit = Math.floor(next() * 40);
      const pattern = new LevenshteinPattern(a);
      expect(pattern.distance(b, limit)).toBe(exact <= limit ? exact : limit + 1);
    }
  });
});
