import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSentencePairs, uniquePairs } from '../../scripts/translit-sentence-pairs';
import { parseLearnedChannel, parseWordFrequencies } from '../../src/translit/learned-channel';
import { combineLexicons, createLexicon } from '../../src/translit/lexicon';
import { alignPhonetic, DEFAULT_DECODER_WEIGHTS } from '../../src/translit/phonetic-decoder';
import { applyLearnedCosts, buildPhoneticRules, unitKey } from '../../src/translit/phonetic-rules';
import {
  resetDecoderWeights,
  romanScriptUnits,
  setWordListLoader,
  transliterate,
} from '../../src/translit/transliterate';

const rulesOnly = (): void => setWordListLoader(() => undefined);

describe('forced alignment', () => {
  it('finds the rule path that spells a word pair exactly', () => {
    rulesOnly();
    const units = romanScriptUnits('hi', buildPhoneticRules(false, 'deva'));
    const steps = alignPhonetic('namaste', 'नमस्ते', units);
    expect(steps?.map((step) => step.chunk)).toEqual(['n', 'a', 'm', 'a', 's', 't', 'e$']);
    expect(steps?.map((step) => step.event)).toEqual([
      'plain',
      'plain',
      'plain',
      'plain',
      'plain',
      'virama',
      'plain',
    ]);
  });

  it('counts a dropped final nasal only when the weights allow one', () => {
    rulesOnly();
    const units = romanScriptUnits('hi', buildPhoneticRules(false, 'deva'));
    expect(alignPhonetic('kitabo', 'किताबों', units)).toBeUndefined();
    const steps = alignPhonetic('kitabo', 'किताबों', units, { ...DEFAULT_DECODER_WEIGHTS, finalNasalCost: 3 });
    expect(steps?.at(-1)?.event).toBe('finalNasal');
  });

  it('gives undefined when the rules cannot spell the target', () => {
    rulesOnly();
    const units = romanScriptUnits('hi', buildPhoneticRules(false, 'deva'));
    expect(alignPhonetic('ka', 'नमस्ते', units)).toBeUndefined();
  });
});

describe('learned rule costs', () => {
  it('replaces the costs of chunks the learning saw and penalises readings it never saw', () => {
    const rules = buildPhoneticRules(false, 'deva');
    const tUnits = rules.get('t') ?? [];
    const dental = tUnits.find((unit) => unitKey(unit) === 'Cत');
    expect(dental).toBeDefined();
    const learned = applyLearnedCosts(rules, new Map([['t\tCत', 0.05]]), new Set(['t']), 1);
    const learnedT = learned.get('t') ?? [];
    expect(learnedT.find((unit) => unitKey(unit) === 'Cत')?.cost).toBe(0.05);
    const retroflex = tUnits.find((unit) => unitKey(unit) === 'Cट');
    expect(learnedT.find((unit) => unitKey(unit) === 'Cट')?.cost).toBe((retroflex?.cost ?? 0) + 1);
    // A chunk the learning never saw keeps its hand-written costs.
    expect(learned.get('d')).toEqual(rules.get('d'));
  });

  it('gives every vowel chunk a word-final copy of its readings when asked, for learning', () => {
    expect(buildPhoneticRules(false, 'deva').has('o$')).toBe(false);
    const rules = buildPhoneticRules(false, 'deva', true);
    const vowels = (rules.get('o') ?? []).filter((unit) => unit.kind === 'V');
    expect(rules.get('o$')).toEqual(vowels);
    // Chunks with a hand-written final rule keep it; consonants get none.
    expect(rules.get('a$')).toEqual(buildPhoneticRules(false, 'deva').get('a$'));
    expect(rules.has('k$')).toBe(false);
  });

  it('parses the shipped formats and ignores malformed or unknown lines', () => {
    const channel = parseLearnedChannel([
      'weight\tschwaCost\t1.2',
      'weight\tbeam\t9',
      'rule\tt\tCत\t0.3',
      'rule\tbroken',
      'rule\tt\tCट\tNaN',
    ]);
    expect(channel.weights).toEqual({ schwaCost: 1.2 });
    expect([...channel.costs]).toEqual([['t\tCत', 0.3]]);
    expect([...channel.seenChunks]).toEqual(['t']);
    expect([...parseWordFrequencies(['का\t120', 'bad', 'की\t0', 'है\t7'])]).toEqual([
      ['का', 120],
      ['है', 7],
    ]);
  });
});

describe('learned data in the engine', () => {
  afterEach(() => {
    resetDecoderWeights();
    setWordListLoader(() => undefined);
  });

  it('a word seen often in running text wins over an equally good spelling', () => {
    const lists = (frequencies: string[]) => (stem: string) =>
      stem === 'hi' ? ['चुना\t1', 'चूना\t1'] : stem === 'hi-frequency' ? frequencies : undefined;
    setWordListLoader(lists(['चूना\t50']));
    expect(transliterate('chuna', { to: 'hi' })[0]).toBe('चूना');
    setWordListLoader(lists(['चुना\t50']));
    expect(transliterate('chuna', { to: 'hi' })[0]).toBe('चुना');
  });

  it('learned rule costs change the ranking', () => {
    const lists = (rule: string) => (stem: string) => (stem === 'hi-channel' ? [rule] : undefined);
    setWordListLoader(lists('rule\tt\tCट\t0'));
    expect(transliterate('tak', { to: 'hi' })[0]?.startsWith('ट')).toBe(true);
    setWordListLoader(lists('rule\tt\tCत\t0'));
    expect(transliterate('tak', { to: 'hi' })[0]?.startsWith('त')).toBe(true);
  });
});

describe('combined word lists', () => {
  it('knows the words and prefixes of both, with the higher tier', () => {
    const dictionary = createLexicon([
      ['कमल', 2],
      ['नमक', 1],
    ]);
    const runningText = createLexicon([
      ['नमक', 0],
      ['रेक्स', 0],
    ]);
    const both = combineLexicons(dictionary, runningText);
    expect(both?.has('रेक्स')).toBe(true);
    expect(both?.hasPrefix('रेक')).toBe(true);
    expect(both?.tier('नमक')).toBe(1);
    expect(both?.tier('कमल')).toBe(2);
    expect(both?.has('नमस्ते')).toBe(false);
    expect(combineLexicons(undefined, runningText)).toBe(runningText);
  });
});

describe('word pairs from romanised sentences', () => {
  it('aligns sentences with equal word counts and splits them by line number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentences-'));
    mkdirSync(join(dir, 'dakshina'));
    const native: string[] = [];
    const roman: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      native.push(i === 3 ? 'एक दो तीन' : `राम ${i === 9 ? 'श्याम' : 'सीता'}।`);
      roman.push(i === 3 ? 'ek do' : `Ram ${i === 9 ? 'shyam' : 'sita'}.`);
    }
    writeFileSync(join(dir, 'dakshina', 'hi.romanized.rejoined.dev.native.txt'), native.join('\n'));
    writeFileSync(join(dir, 'dakshina', 'hi.romanized.rejoined.dev.roman.txt'), roman.join('\n'));
    const splits = readSentencePairs(dir, 'hi');
    expect(splits?.test).toEqual([
      { source: 'ram', target: 'राम' },
      { source: 'shyam', target: 'श्याम' },
    ]);
    expect(splits?.tune).toEqual([
      { source: 'ram', target: 'राम' },
      { source: 'sita', target: 'सीता' },
    ]);
    // Line 3 (3 native words, 2 roman) is not aligned, but its words still count for frequencies.
    expect(splits?.train).toHaveLength(14);
    expect(splits?.trainNativeWords).toContain('तीन');
    expect(uniquePairs(splits?.train ?? [])).toHaveLength(2);
    expect(readSentencePairs(dir, 'bn')).toBeUndefined();
  });
});
