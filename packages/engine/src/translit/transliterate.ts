/**
 * The built-in transliteration engine: romanised Indian-language input or English words → native
 * script (ranked candidates), and Indic ↔ Indic script conversion. Per-language data (word list,
 * character model, rules in the target script) is built on first use and cached.
 */
import type * as NodeFs from 'node:fs';
import type * as NodeModule from 'node:module';
import type * as NodePath from 'node:path';
import type * as NodeUrl from 'node:url';
import type * as NodeZlib from 'node:zlib';
import { trainCharLanguageModel, type CharLanguageModel } from './char-lm';
import { getTranslitLanguage, isBrahmicScript, type TranslitLanguage } from './languages';
import { parseLearnedChannel, parseWordFrequencies } from './learned-channel';
import { combineLexicons, createLexicon, type Lexicon } from './lexicon';
import {
  DEFAULT_DECODER_WEIGHTS,
  decodePhonetic,
  scoreSpelling,
  type DecoderWeights,
  type ScriptUnits,
} from './phonetic-decoder';
import {
  applyLearnedCosts,
  buildPhoneticRules,
  FINAL_MARK,
  LETTER_NAMES,
  type PhoneticUnit,
} from './phonetic-rules';
import { convertScript, detectScript, fromDevanagariPivot } from './script-convert';

export interface TransliterateOptions {
  /** Target language code (spec §9). */
  to: string;
  /**
   * Source: 'en' for English words and names; a language code for text in that language's own
   * script (script conversion); omitted for romanised input typed by a speaker of `to` (or, if the
   * word is not in Latin letters, the script it is written in).
   */
  from?: string;
  /** Number of candidates wanted (default 5). */
  count?: number;
}

interface LanguageModel {
  lexicon: Lexicon | undefined;
  charModel: CharLanguageModel | undefined;
  romanUnits: ScriptUnits;
  /** Decoder weights learned for romanised input (empty when the language has no learned data). */
  romanWeights: Partial<DecoderWeights>;
  /** How often native words occur in running text (romanised input only). */
  frequencies: Map<string, number> | undefined;
  englishUnits: ScriptUnits;
  /** Set when decoding happens in Devanagari and the result is converted (Urdu, Santali…). */
  convertTo: string | undefined;
}

/** Reads the word list `<stem>.words.txt.gz` as lines "word[\ttier]", or undefined when not shipped. */
export type WordListLoader = (stem: string) => string[] | undefined;

const models = new Map<string, LanguageModel>();
let loanwords: Map<string, string[]> | undefined;
const LOANWORD_LIST = 'en-loanwords';
const wordListData = new Map<string, WordListData>();
const DRAVIDIAN_VIRAMA_BIAS = 1.5;
const loadedWordLists = new Set<string>();
let weights: DecoderWeights = DEFAULT_DECODER_WEIGHTS;
/** Weights set through setDecoderWeights: they win over learned ones. */
let weightOverrides: Partial<DecoderWeights> = {};
let useLearnedData = true;

type BuiltinGetter = (name: string) => unknown;

/**
 * Where the shipped word lists live: BHASHA_TRANSLIT_DATA, else the engine package's data folder
 * found through module resolution (which also works from the server's bundle), else relative to
 * this source file.
 */
function shippedDataDir(getBuiltin: BuiltinGetter): string {
  const path = getBuiltin('node:path') as typeof NodePath;
  const fromEnv = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
    ?.BHASHA_TRANSLIT_DATA;
  if (fromEnv) return fromEnv;
  try {
    const { createRequire } = getBuiltin('node:module') as typeof NodeModule;
    const packageJson = createRequire(import.meta.url).resolve('@bhasha/engine/package.json');
    return path.join(path.dirname(packageJson), 'data', 'translit');
  } catch {
    const { fileURLToPath } = getBuiltin('node:url') as typeof NodeUrl;
    return fileURLToPath(new URL('../../data/translit', import.meta.url));
  }
}

function loadShippedWordList(stem: string): string[] | undefined {
  // Node built-ins are reached through process.getBuiltinModule so that browser bundles of
  // @bhasha/engine never pull in fs (there, transliteration runs on rules alone).
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: BuiltinGetter } }).process
    ?.getBuiltinModule;
  if (!getBuiltin) return undefined;
  const fs = getBuiltin('node:fs') as typeof NodeFs;
  const zlib = getBuiltin('node:zlib') as typeof NodeZlib;
  const path = getBuiltin('node:path') as typeof NodePath;
  const file = path.join(shippedDataDir(getBuiltin), `${stem}.words.txt.gz`);
  if (!fs.existsSync(file)) return undefined;
  return zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n').filter(Boolean);
}

let wordListLoader: WordListLoader = loadShippedWordList;

/** Replaces where word lists come from (tests, or a deployment that stores them elsewhere). */
export function setWordListLoader(loader: WordListLoader): void {
  wordListLoader = loader;
  loanwords = undefined;
  models.clear();
  wordListData.clear();
  loadedWordLists.clear();
}

/** Tunes the decoder's global weights (evaluation scripts only); clears no data. */
export function setDecoderWeights(next: Partial<DecoderWeights>): void {
  if (next.charOrder !== undefined && next.charOrder !== weights.charOrder) {
    models.clear();
    wordListData.clear();
  }
  weights = { ...weights, ...next };
  weightOverrides = { ...weightOverrides, ...next };
}

/** Back to the default and learned weights (evaluation scripts only). */
export function resetDecoderWeights(): void {
  setDecoderWeights({ charOrder: DEFAULT_DECODER_WEIGHTS.charOrder });
  weights = DEFAULT_DECODER_WEIGHTS;
  weightOverrides = {};
}

/** Switches the learned channel and frequency data on or off (evaluation scripts only). */
export function setLearnedDataEnabled(enabled: boolean): void {
  if (enabled !== useLearnedData) models.clear();
  useLearnedData = enabled;
}

/** Language codes whose data has been loaded so far (for tests of lazy loading). */
export function loadedTranslitData(): string[] {
  return [...loadedWordLists];
}

function toScriptUnits(
  rules: Map<string, PhoneticUnit[]>,
  write: (devanagari: string) => string,
  explicitViramaBias: number,
  alphabet?: Set<string>,
): ScriptUnits {
  const units = new Map<string, PhoneticUnit[]>();
  let maxChunk = 1;
  const isWritable = (text: string): boolean => !alphabet || [...text].every((char) => alphabet.has(char));
  for (const [roman, list] of rules) {
    const converted = new Map<string, PhoneticUnit>();
    for (const unit of list) {
      let next: PhoneticUnit;
      if (unit.kind === 'V') next = { ...unit, independent: write(unit.independent), sign: write(unit.sign) };
      else next = { ...unit, text: write(unit.text) };
      const key = next.kind === 'V' ? `V${next.independent},${next.sign}` : `${next.kind}${next.text}`;
      if (
        next.kind === 'V' ? !isWritable(next.independent + next.sign) : !next.text || !isWritable(next.text)
      )
        continue;
      const existing = converted.get(key);
      if (!existing || next.cost < existing.cost) converted.set(key, next);
    }
    if (converted.size === 0) continue;
    units.set(roman, [...converted.values()]);
    maxChunk = Math.max(maxChunk, roman.replace(FINAL_MARK, '').length);
  }
  // A word-final reading replaces the chunk's vowel readings only; its consonant and sign readings stay.
  for (const [roman, list] of units) {
    if (!roman.endsWith(FINAL_MARK)) continue;
    const others = (units.get(roman.slice(0, -FINAL_MARK.length)) ?? []).filter((unit) => unit.kind !== 'V');
    units.set(roman, [...list, ...others]);
  }
  return {
    units,
    maxChunk: Math.min(maxChunk, 5),
    virama: write('्'),
    anusvara: write('ं'),
    explicitViramaBias,
  };
}

interface WordListData {
  lexicon: Lexicon | undefined;
  charModel: CharLanguageModel | undefined;
  alphabet: Set<string> | undefined;
}

/** Lexicon and character model of one word list, shared by the languages that borrow it. */
function loadWordListData(stem: string | undefined): WordListData {
  if (!stem) return { lexicon: undefined, charModel: undefined, alphabet: undefined };
  const cached = wordListData.get(stem);
  if (cached) return cached;
  const lines = wordListLoader(stem);
  if (lines) loadedWordLists.add(stem);
  // Shipped lists are NFC already (the build script normalises them).
  const entries = (lines ?? []).map((line): [string, number] => {
    const tab = line.indexOf('\t');
    return tab < 0 ? [line, 0] : [line.slice(0, tab), Number(line.slice(tab + 1)) || 0];
  });
  const words = selectModelWords(entries);
  // Small word lists (Odia, Punjabi from aspell alone) may not cover the script: keep all rule outputs then.
  let alphabet: Set<string> | undefined;
  if (words.length > 5000) {
    alphabet = new Set<string>();
    for (const word of words) for (const char of word) alphabet.add(char);
  }
  const data: WordListData = {
    lexicon: entries.length > 0 ? createLexicon(entries) : undefined,
    charModel: words.length > 0 ? trainCharLanguageModel(words, weights.charOrder) : undefined,
    alphabet,
  };
  wordListData.set(stem, data);
  return data;
}

/**
 * The romanised-input units of a language built from `rules` (the rule table in Devanagari), as
 * the decoder sees them: in the target script, limited to letters its word list uses. For the
 * learning script, which aligns word pairs against the hand-written rules.
 */
export function romanScriptUnits(code: string, rules: Map<string, PhoneticUnit[]>): ScriptUnits {
  const language = getTranslitLanguage(code);
  const decodeLanguage = isBrahmicScript(language.script) ? language.code : 'hi';
  const { alphabet } = loadWordListData(language.lexicon);
  const viramaBias = language.script === 'taml' || language.script === 'mlym' ? DRAVIDIAN_VIRAMA_BIAS : 0;
  const write = (devanagari: string): string =>
    devanagari ? fromDevanagariPivot(devanagari, decodeLanguage) : '';
  return toScriptUnits(rules, write, viramaBias, alphabet);
}

function buildModel(language: TranslitLanguage): LanguageModel {
  const decodeLanguage = isBrahmicScript(language.script) ? language.code : 'hi';
  const { lexicon, charModel, alphabet } = loadWordListData(language.lexicon);
  const viramaBias = language.script === 'taml' || language.script === 'mlym' ? DRAVIDIAN_VIRAMA_BIAS : 0;
  const write = (devanagari: string): string =>
    devanagari ? fromDevanagariPivot(devanagari, decodeLanguage) : '';
  // Learned data belongs to a word list's language (hi-channel serves every language decoded with hi).
  const channelLines =
    useLearnedData && language.lexicon ? wordListLoader(`${language.lexicon}-channel`) : undefined;
  const frequencyLines =
    useLearnedData && language.lexicon ? wordListLoader(`${language.lexicon}-frequency`) : undefined;
  if (channelLines) loadedWordLists.add(`${language.lexicon}-channel`);
  if (frequencyLines) loadedWordLists.add(`${language.lexicon}-frequency`);
  const channel = channelLines ? parseLearnedChannel(channelLines) : undefined;
  const frequencies = frequencyLines ? parseWordFrequencies(frequencyLines) : undefined;
  let romanRules = buildPhoneticRules(false, language.script, channel !== undefined);
  if (channel)
    romanRules = applyLearnedCosts(romanRules, channel.costs, channel.seenChunks, UNSEEN_RULE_PENALTY);
  // Words of running text are words too, even when no dictionary lists them (names, loanwords).
  const runningText = frequencies
    ? createLexicon([...frequencies.keys()].map((word) => [word, 0]))
    : undefined;
  return {
    lexicon: combineLexicons(lexicon, runningText),
    charModel,
    romanUnits: toScriptUnits(romanRules, write, viramaBias, alphabet),
    romanWeights: channel?.weights ?? {},
    frequencies,
    englishUnits: toScriptUnits(buildPhoneticRules(true, language.script), write, viramaBias, alphabet),
    convertTo: decodeLanguage === language.code ? undefined : language.code,
  };
}

/** Extra cost of a hand-written reading whose chunk the learning saw but never read that way. */
const UNSEEN_RULE_PENALTY = 1;

/** Most words the character model learns from; more adds little and slows the first call. */
const MODEL_WORD_LIMIT = 150_000;

/**
 * The character model learns from dictionary words (tier ≥ 1, not the wide tier-0 script lists),
 * the most trusted tiers first, thinned evenly past the limit so every initial letter is kept.
 */
function selectModelWords(entries: ReadonlyArray<readonly [string, number]>): string[] {
  const chosen: string[] = [];
  // Dictionary tiers (aspell 1, hunspell 2) before the OCR list (3), whose word ends are unreliable.
  for (const tier of [2, 1, 3]) {
    if (chosen.length >= MODEL_WORD_LIMIT) break;
    const words = entries.filter(([, entryTier]) => entryTier === tier).map(([word]) => word);
    const room = MODEL_WORD_LIMIT - chosen.length;
    const step = Math.max(1, words.length / room);
    for (let i = 0; i < words.length && chosen.length < MODEL_WORD_LIMIT; i += step)
      chosen.push(words[Math.floor(i)] ?? '');
  }
  return chosen;
}

/** English words → their Hindi (Devanagari) spellings, loaded on first use. */
function getLoanwords(): Map<string, string[]> {
  if (!loanwords) {
    loanwords = new Map();
    const lines = wordListLoader(LOANWORD_LIST);
    if (lines) loadedWordLists.add(LOANWORD_LIST);
    for (const line of lines ?? []) {
      const [word = '', ...spellings] = line.split('\t');
      if (word && spellings.length > 0) loanwords.set(word, spellings);
    }
  }
  return loanwords;
}

function getModel(code: string): LanguageModel {
  const language = getTranslitLanguage(code);
  let model = models.get(language.code);
  if (!model) {
    model = buildModel(language);
    models.set(language.code, model);
  }
  return model;
}

const LATIN_WORD = /^[a-z]+$/u;

/**
 * Ranked, unique candidates for one word in the script of `to`. Unknown or empty input gives the
 * input itself (or an empty list for an empty word); never throws for odd characters.
 */
export function transliterate(word: string, options: TransliterateOptions): string[] {
  const count = Math.max(1, options.count ?? 5);
  const trimmed = word.trim();
  if (!trimmed) return [];
  const target = getTranslitLanguage(options.to);
  const script = detectScript(trimmed);
  if (script && script !== 'latn') {
    const from = options.from && options.from !== 'en' ? options.from : languageForScript(script);
    return [convertScript(trimmed, from, target.code)];
  }
  if (target.script === 'latn') return [trimmed];
  const lower = trimmed
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '');
  const letters = lower.replace(/[^a-z]/gu, '');
  if (!LATIN_WORD.test(letters)) return [trimmed];
  const model = getModel(target.code);
  const units = options.from === 'en' ? model.englishUnits : model.romanUnits;
  const isEnglish = options.from === 'en';
  const decoderWeights = isEnglish ? weights : { ...weights, ...model.romanWeights, ...weightOverrides };
  const scored = decodePhonetic(letters, units, model.charModel, model.lexicon, decoderWeights);
  // An English word also gets its pronunciation-based spelling (computer → कंप्यूटर).
  const loanwordCost = isEnglish ? 0 : weights.loanwordCost;
  for (const spelling of getLoanwords().get(letters) ?? []) {
    const text = model.convertTo ? spelling : fromDevanagariPivot(spelling, target.code);
    scored.push({
      text,
      cost: scoreSpelling(text, loanwordCost, model.charModel, model.lexicon, decoderWeights),
    });
  }
  // Words seen often in running text are likelier readings of romanised input.
  if (!isEnglish && model.frequencies) {
    for (const candidate of scored) {
      const count = model.frequencies.get(candidate.text);
      if (count) candidate.cost -= decoderWeights.frequencyBonus * Math.log1p(count);
    }
  }
  scored.sort((a, b) => a.cost - b.cost);
  const ranked = scored.map((candidate) => candidate.text);
  // Acronyms: a word without vowels is read letter by letter (BSE → बीएसई); short words may be too.
  if (letters.length <= 6) {
    const spelled = spellOut(letters, target.code, model.convertTo !== undefined);
    if (!/[aeiouy]/u.test(letters)) ranked.unshift(spelled);
    else if (letters.length <= 3) ranked.splice(Math.min(ranked.length, 4), 0, spelled);
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const candidate of ranked) {
    const text = model.convertTo
      ? convertScript(candidate, 'hi', model.convertTo)
      : candidate.normalize('NFC');
    if (seen.has(text)) continue;
    seen.add(text);
    out.push(text);
    if (out.length >= count) break;
  }
  return out.length > 0 ? out : [trimmed];
}

function spellOut(letters: string, languageCode: string, isPivot: boolean): string {
  const devanagari = [...letters].map((letter) => LETTER_NAMES[letter] ?? '').join('');
  return isPivot ? devanagari : fromDevanagariPivot(devanagari, languageCode);
}

function languageForScript(script: string): string {
  const bySript: Record<string, string> = {
    deva: 'hi',
    beng: 'bn',
    guru: 'pa',
    gujr: 'gu',
    orya: 'od',
    taml: 'ta',
    telu: 'te',
    knda: 'kn',
    mlym: 'ml',
    arab: 'ur',
    olck: 'sat',
  };
  return bySript[script] ?? 'hi';
}

const WORD_PATTERN = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;

/** Transliterates every word of `text` (best candidate), keeping spaces, digits and punctuation. */
export function transliterateText(text: string, options: Omit<TransliterateOptions, 'count'>): string {
  return text.replace(
    WORD_PATTERN,
    (word) => transliterate(word.replace(/['’]/gu, ''), { ...options, count: 1 })[0] ?? word,
  );
}
