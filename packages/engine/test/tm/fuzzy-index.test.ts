import { describe, expect, it } from 'vitest';
import { LevenshteinPattern } from '../../src/tm/bounded-levenshtein';
import { FuzzyIndex, FuzzyIndexBuilder, type FuzzyEntry, type FuzzyMatch } from '../../src/tm/fuzzy-index';
import { fuzzyScore, maxDistanceFor, normaliseFuzzyText, normaliseLatin1Into } from '../../src/tm/fuzzy-text';
import { TextStore } from '../../src/tm/text-store';

const WORDS = (
  'the a translation memory website page price delivery order account help contact ' +
  'new free fast secure bank loan कीमत खाता मदद संपर्क नया भुगतान বাংলা తెలుగు தமிழ் ' +
  'open close search home about team careers login password reset email phone'
).split(' ');

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

function sentence(next: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
}

/** 1–3 word edits: replace, insert or delete a word. */
function edit(next: () => number, text: string): string {
  const words = text.split(' ');
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i += 1) {
    const at = Math.floor(next() * words.length);
    const kind = next();
    const word = WORDS[Math.floor(next() * WORDS.length)]!;
    if (kind < 0.4) words[at] = word;
    else if (kind < 0.7) words.splice(at, 0, word);
    else if (words.length > 1) words.splice(at, 1);
  }
  return words.join(' ');
}

function corpus(seed: number, bases: number): FuzzyEntry[] {
  const next = random(seed);
  const entries: FuzzyEntry[] = [];
  for (let b = 0; b < bases; b += 1) {
    const base = sentence(next, 1 + Math.floor(next() * 18));
    entries.push({ id: entries.length + 1, text: base });
    const variants = Math.floor(next() * 4);
    for (let v = 0; v < variants; v += 1) entries.push({ id: entries.length + 1, text: edit(next, base) });
  }
  return entries;
}

const normalisedTexts = new Map<string, string>();
function normalised(text: string): string {
  let value = normalisedTexts.get(text);
  if (value === undefined) {
    value = normaliseFuzzyText(text);
    normalisedTexts.set(text, value);
  }
  return value;
}

/** Every match at or above the threshold, by comparing with every text. */
function exhaustive(entries: FuzzyEntry[], text: string, threshold: number): FuzzyMatch[] {
  const query = normaliseFuzzyText(text);
  const pattern = new LevenshteinPattern(query);
  const matches: FuzzyMatch[] = [];
  for (const entry of entries) {
    const candidate = normalised(entry.text);
    if (!candidate || !query) continue;
    const longer = Math.max(query.length, candidate.length);
    const distance = pattern.distance(candidate);
    if (distance <= maxDistanceFor(threshold, longer)) {
      matches.push({ id: entry.id, score: fuzzyScore(distance, longer), distance });
    }
  }
  return matches.sort((a, b) => b.score - a.score || a.distance - b.distance || a.id - b.id);
}

describe('FuzzyIndex', () => {
  const entries = corpus(42, 1500);
  const index = FuzzyIndex.build(entries);
  const next = random(99);
  const queries = Array.from({ length: 120 }, (_, i) =>
    i % 2 === 0
      ? edit(next, entries[Math.floor(next() * entries.length)]!.text)
      : sentence(next, 1 + Math.floor(next() * 14)),
  );

  it('finds exactly the matches an exhaustive scan finds, at several thresholds', () => {
    for (const threshold of [0.75, 0.6, 0.9]) {
      for (const query of queries) {
        const expected = exhaustive(entries, query, threshold);
        expect(index.query(query, { threshold, limit: 10_000 }), query).toEqual(expected);
      }
    }
  }, 180_000); // exhaustive scans: slow on a busy machine

  it("answers exactly the scan's best few, though a probe narrows the search to beat its floor", () => {
    // Many close variants per text: the probe finds enough matches to raise the floor, which then
    // narrows the length window and the edits allowed for the rest of the query.
    const step = random(17);
    const crowded: FuzzyEntry[] = [];
    for (let b = 0; b < 300; b += 1) {
      const base = sentence(step, 3 + Math.floor(step() * 16));
      crowded.push({ id: crowded.length + 1, text: base });
      for (let v = 0; v < 8; v += 1) crowded.push({ id: crowded.length + 1, text: edit(step, base) });
    }
    const crowdedIndex = FuzzyIndex.build(crowded);
    const asked = Array.from({ length: 60 }, (_, i) =>
      i % 3 === 2
        ? sentence(step, 2 + Math.floor(step() * 12))
        : edit(step, crowded[Math.floor(step() * crowded.length)]!.text),
    );
    for (const threshold of [0.75, 0.6, 0.9]) {
      for (const query of asked) {
        const expected = exhaustive(crowded, query, threshold);
        for (const limit of [1, 3, 5]) {
          expect(crowdedIndex.query(query, { threshold, limit }), query).toEqual(expected.slice(0, limit));
        }
        expect(index.query(query, { threshold, limit: 5 }), query).toEqual(
          exhaustive(entries, query, threshold).slice(0, 5),
        );
      }
    }
  }, 180_000);

  it('bounds a repetitive query by its trigram occurrences, not only its distinct trigrams', () => {
    // 'ab ab ab …' has three distinct trigrams however long it is: counted as distinct buckets,
    // one edit would void the bound; counted as occurrences, the bound holds and recall stays exact.
    const texts: FuzzyEntry[] = [
      ...Array.from({ length: 40 }, (_, i) => ({ id: i + 1, text: 'ab '.repeat(10 + i).trim() })),
      ...Array.from({ length: 40 }, (_, i) => ({
        id: 100 + i,
        text: `${'ab '.repeat(12 + i)}cd ef ${'ab '.repeat(3)}`.trim(),
      })),
      ...corpus(3, 200).map((entry) => ({ id: 1000 + entry.id, text: entry.text })),
    ];
    const small = FuzzyIndex.build(texts);
    for (const query of [
      'ab '.repeat(20).trim(),
      `${'ab '.repeat(25)}cd`,
      `xy ${'ab '.repeat(30)}`.trim(),
      'ab ab ab',
    ]) {
      expect(small.query(query, { limit: 1000 }), query).toEqual(exhaustive(texts, query, 0.75));
      expect(small.query(query, { limit: 3 }), query).toEqual(exhaustive(texts, query, 0.75).slice(0, 3));
    }
  });

  it('answers the top matches best first, with 0–100 scores', () => {
    const [best, ...rest] = index.query(entries[10]!.text, { limit: 5 });
    expect(best).toMatchObject({ id: 11, score: 100, distance: 0 });
    expect(rest.length).toBeLessThanOrEqual(4);
    for (const match of rest) expect(match.score).toBeGreaterThanOrEqual(75);
  });

  it('compares normalised text: placeholders, case and spacing do not count', () => {
    const small = FuzzyIndex.build([{ id: 1, text: 'Click <x1>here</x1> to  reset your Password' }]);
    expect(small.query('click here to reset your password')).toEqual([{ id: 1, score: 100, distance: 0 }]);
  });

  it('keeps answering exactly through additions, replacements and removals', () => {
    const live = new Map(entries.slice(0, 1500).map((entry) => [entry.id, entry.text]));
    const changing = FuzzyIndex.build([...live].map(([id, text]) => ({ id, text })));
    const step = random(5);
    for (let round = 0; round < 600; round += 1) {
      const id = 1 + Math.floor(step() * 2500);
      if (step() < 0.3) {
        changing.remove(id);
        live.delete(id);
      } else {
        const text = edit(step, entries[Math.floor(step() * entries.length)]!.text);
        changing.add(id, text);
        live.set(id, text);
      }
    }
    const current = [...live].map(([id, text]) => ({ id, text }));
    expect(changing.size).toBe(current.filter((entry) => normaliseFuzzyText(entry.text)).length);
    for (const query of queries.slice(0, 60)) {
      expect(changing.query(query, { limit: 1000 })).toEqual(exhaustive(current, query, 0.75));
    }
    changing.compact();
    for (const query of queries.slice(0, 60)) {
      expect(changing.query(query, { limit: 1000 })).toEqual(exhaustive(current, query, 0.75));
    }
  });

  it('answers the same when built a text at a time as when built from a list', () => {
    // With a store of its own the builder keeps texts as they are, as `FuzzyIndex.build` does.
    const builder = new FuzzyIndexBuilder(new TextStore());
    for (const entry of entries) builder.add(entry.id, entry.text);
    const streamed = builder.finish();
    expect(streamed.size).toBe(index.size);
    expect(streamed.memoryBytes()).toBe(index.memoryBytes());
    // Without one it packs them as it gathers them: fewer bytes, the same answers.
    const packing = new FuzzyIndexBuilder();
    for (const entry of entries) packing.add(entry.id, entry.text);
    const packed = packing.finish();
    expect(packed.size).toBe(index.size);
    expect(packed.memoryBytes()).toBeLessThan(index.memoryBytes());
    for (const query of queries.slice(0, 40)) {
      expect(streamed.query(query, { limit: 1000 })).toEqual(index.query(query, { limit: 1000 }));
      expect(packed.query(query, { limit: 1000 })).toEqual(index.query(query, { limit: 1000 }));
    }
  });

  it('stays exact through compactions that reuse the text store and one that starts it afresh', () => {
    const live = new Map(entries.slice(0, 800).map((entry) => [entry.id, entry.text]));
    const changing = FuzzyIndex.build([...live].map(([id, text]) => ({ id, text })));
    const step = random(11);
    const sizes: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      // Replace most texts each round: the store gathers replaced texts until a compaction copies the live ones.
      for (const id of [...live.keys()]) {
        if (step() < 0.2) continue;
        const text = edit(step, entries[Math.floor(step() * entries.length)]!.text);
        changing.add(id, text);
        live.set(id, text);
      }
      changing.compact();
      sizes.push(changing.memoryBytes());
      const current = [...live].map(([id, text]) => ({ id, text }));
      for (const query of queries.slice(0, 20)) {
        expect(changing.query(query, { limit: 1000 }), `round ${round}`).toEqual(
          exhaustive(current, query, 0.75),
        );
      }
    }
    // Replaced texts do not pile up: a store mostly garbage is started afresh.
    expect(Math.max(...sizes)).toBeLessThan(3 * sizes[0]!);
  });

  it('finds repetitive texts, whose own side of the count bound is void', () => {
    const repetitive: FuzzyEntry[] = [
      'ha ha ha ha ha ha ha ha ha ha ha ha',
      'ha ha ha ha ha ha ha ha ha ha ha ha ha ha',
      '- - - - - - - - - - - - - - - - - - - -',
      '........................................',
      'la la la la la la la la la la land',
      'welcome to the jungle, welcome to the jungle',
    ].map((text, i) => ({ id: i + 1, text }));
    const small = FuzzyIndex.build(repetitive);
    for (const query of [
      'ha ha ha ha ha ha ha ha ha ha',
      'la la la la la la la la land',
      '- - - - - - - - - - - - - - - -',
      'welcome to the jungle',
    ]) {
      expect(small.query(query, { limit: 100 }), query).toEqual(exhaustive(repetitive, query, 0.75));
    }
  });

  it('keeps the last text of a repeated id and finds ids in any order, negative ones too', () => {
    const ids = [7, -3, 2_000_000_000, -2_000_000_000, 0, 65_536, 7, -65_537, 65_535];
    const built = FuzzyIndex.build(ids.map((id, i) => ({ id, text: `entry number ${i} of the list` })));
    expect(built.size).toBe(ids.length - 1);
    expect(built.query('entry number 6 of the list', { limit: 1 })).toEqual([
      { id: 7, score: 100, distance: 0 },
    ]);
    expect(built.query('entry number 0 of the list', { limit: 1 })[0]!.score).toBeLessThan(100);
    for (const id of new Set(ids)) {
      expect(built.remove(id), String(id)).toBe(true);
      expect(built.remove(id), String(id)).toBe(false);
    }
    expect(built.size).toBe(0);
  });

  it('takes 32-bit integer ids only', () => {
    expect(() => FuzzyIndex.build([{ id: 1.5, text: 'a text' }])).toThrow(RangeError);
    expect(() => index.add(2 ** 40, 'a text')).toThrow(RangeError);
  });

  it('rejects a threshold outside (0, 1] and answers nothing for empty text', () => {
    expect(() => index.query('anything', { threshold: 0 })).toThrow(RangeError);
    expect(index.query('   ')).toEqual([]);
  });

  it('builds postings in several chunks and bucket partitions without losing a match', () => {
    // About 2.4 million postings: more than one build chunk, and 2^17 buckets in 32 partitions.
    const large = corpus(7, 10_000).flatMap((entry) => [
      entry,
      { id: entry.id + 1e6, text: `${entry.text} ${entry.text}` },
    ]);
    const big = FuzzyIndex.build(large);
    for (const query of queries.slice(0, 16)) {
      expect(big.query(query, { limit: 10_000 }), query).toEqual(exhaustive(large, query, 0.75));
    }
  }, 180_000);

  it('hands on a run of more than 2^20 slots without postings (one- and two-character texts) intact', () => {
    // A run's slots are told apart by 20 bits of a packed posting: the run must end before that.
    const builder = new FuzzyIndexBuilder();
    for (let i = 0; i < 1_100_000; i += 1) builder.add(10_000_000 + i, i % 2 ? 'ok' : 'a');
    const normal = corpus(13, 300);
    for (const entry of normal) builder.add(entry.id, entry.text);
    const built = builder.finish();
    const longer = queries.filter((query) => normaliseFuzzyText(query).length >= 4).slice(0, 12);
    for (const query of longer) {
      expect(built.query(query, { limit: 1000 }), query).toEqual(exhaustive(normal, query, 0.75));
    }
  }, 180_000);
});

describe('normaliseFuzzyText', () => {
  it('treats plain ASCII and other simple texts (fast paths) exactly as the general path does', () => {
    for (const text of [
      '  Hello   World ',
      'A-B;C=D?~',
      'no  <x1>code</x1>',
      'Tab\there',
      'ÉCOLE  Été',
      ' नमस्ते  दुनिया ',
      'Cafe\u0301 ÅNGSTRÖM',
      'Ω\u2126 \u212b ḊĠ',
      'thin\u2009space and\u00a0nbsp',
      '\u2000quad\u3000ideographic',
      'தமிழ் <x1>இணையம்</x1>',
    ]) {
      const general = text
        .replace(/<\s*(\/?)\s*[xX](\d{1,6})\s*(\/?)\s*>/g, (_m, slash: string, _d, self: string) =>
          self && !slash ? ' ' : '',
        )
        .replace(/[\t\n\f\r ]+/g, ' ')
        .trim()
        .normalize('NFC')
        .toLowerCase()
        .replace(/\s+/gu, ' ')
        .trim();
      expect(normaliseFuzzyText(text), text).toBe(general);
    }
  });

  it('normalises Latin-1 text, placeholder markers and all, straight into bytes exactly as the string path does', () => {
    // Pieces of markers (well-formed, spaced, cased, too many digits, unclosed) among letters of
    // both cases, Latin-1 capitals and the multiplication sign, every whitespace below U+0100, and
    // a character above U+00FF the bytes path must refuse.
    const pieces = [
      ...'aZ é É × ß ÿ Þ µ 1 ; < > / x X',
      ...[' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u0085', '\u001f', '\u007f'],
      ...[
        '<x1>',
        '</x1>',
        '<x2/>',
        '< / X12 / >',
        '<x1234567>',
        '<x123456>',
        '</x3/>',
        '<x',
        '<y1>',
        '<x1 ',
        '\u2003',
      ],
    ];
    const next = random(29);
    const out = new Uint8Array(256);
    let latin1 = 0;
    let markers = 0;
    for (let round = 0; round < 20000; round += 1) {
      const text = Array.from(
        { length: Math.floor(next() * 24) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
      const length = normaliseLatin1Into(text, out, 7);
      if ([...text].some((c) => c.charCodeAt(0) > 0xff)) {
        expect(length, JSON.stringify(text)).toBe(-1);
        continue;
      }
      latin1 += 1;
      if (/<\s*\/?\s*[xX]\d{1,6}\s*\/?\s*>/.test(text)) markers += 1;
      expect(String.fromCharCode(...out.subarray(7, 7 + length)), JSON.stringify(text)).toBe(
        normaliseFuzzyText(text),
      );
    }
    expect(latin1).toBeGreaterThan(2500);
    expect(markers).toBeGreaterThan(500);
    for (let code = 0; code < 0x100; code += 1) {
      const text = `a${String.fromCharCode(code)}b`;
      const length = normaliseLatin1Into(text, out, 0);
      expect(String.fromCharCode(...out.subarray(0, length)), `U+${code.toString(16)}`).toBe(
        normaliseFuzzyText(text),
      );
    }
  });
});
