/**
 * Beam search over the segmentations of a Roman word into phonetic units. Each hypothesis is
 * scored by the rule costs plus a weighted character-model cost of the native spelling; a second
 * beam keeps only spellings that are prefixes of dictionary words, so known words cannot be
 * pruned away by unknown ones. Dictionary words then receive a bonus.
 */
import type { CharLanguageModel } from './char-lm';
import type { Lexicon } from './lexicon';
import { FINAL_MARK, type PhoneticUnit } from './phonetic-rules';

/** Rule units already written in the target script. */
export interface ScriptUnits {
  units: Map<string, PhoneticUnit[]>;
  maxChunk: number;
  virama: string;
  anusvara: string;
  /**
   * Dravidian scripts write every vowelless consonant with a virama (no silent schwa), so an
   * unmarked cluster or final consonant costs this much more there; 0 elsewhere.
   */
  explicitViramaBias: number;
}

export interface DecoderWeights {
  lm: number;
  viramaCost: number;
  schwaCost: number;
  lexiconBonus: number;
  /** Extra bonus per lexicon tier (core and frequent words). */
  tierBonus: number;
  /** Cost of a word-final virama (besides `explicitViramaBias`). */
  finalViramaCost: number;
  /** Cost of a doubled consonant written once (chhapan → छप्पन). */
  geminationCost: number;
  /** Cost of an anusvara the typist left out (maine → मैंने). */
  silentNasalCost: number;
  /**
   * The same at the end of a word (kitabo → किताबों, unhe → उन्हें); Infinity (never) unless
   * learned, since only Hindi's romanised sentences have shown how often typists drop it.
   */
  finalNasalCost: number;
  beam: number;
  /** Cost of reading romanised input as an English word spelt the Hindi way (0 in English mode). */
  loanwordCost: number;
  /** Order of the character model (applies to models built afterwards). */
  charOrder: number;
  /** Bonus per log(1 + occurrences) of a candidate in running text (romanised input). */
  frequencyBonus: number;
}

export const DEFAULT_DECODER_WEIGHTS: DecoderWeights = {
  lm: 1,
  viramaCost: 0.6,
  schwaCost: 0.6,
  lexiconBonus: 1.5,
  tierBonus: 0.7,
  silentNasalCost: 3.5,
  finalNasalCost: Number.POSITIVE_INFINITY,
  geminationCost: 3,
  finalViramaCost: 2.5,
  beam: 20,
  loanwordCost: 3,
  charOrder: 5,
  frequencyBonus: 0.5,
};

const STATE_START = 0;
const STATE_CONSONANT = 1;
const STATE_VOWEL = 2;

/** What a step of a hypothesis added besides its unit (for forced alignment and learning). */
export type StepEvent = 'plain' | 'virama' | 'schwa' | 'gemination' | 'nasal' | 'finalNasal' | 'finalVirama';

interface Hypothesis {
  out: string;
  state: number;
  channel: number;
  lm: number;
  /** The hypothesis this one extends, with the rule chunk and unit used (a linked path, no copies). */
  prev?: Hypothesis;
  chunk?: string;
  unit?: PhoneticUnit;
  event?: StepEvent;
}

/** Which spellings a beam may build: a word list, or one target spelling when aligning. */
interface SpellingConstraint {
  has(word: string): boolean;
  hasPrefix(prefix: string): boolean;
}

function lmCost(model: CharLanguageModel | undefined, history: string, appended: string): number {
  if (!model) return 0;
  let cost = 0;
  let current = history;
  for (const char of appended) {
    cost += model.cost(current, char);
    current += char;
  }
  return cost;
}

function runBeam(
  input: string,
  script: ScriptUnits,
  model: CharLanguageModel | undefined,
  weights: DecoderWeights,
  lexicon: SpellingConstraint | undefined,
): Hypothesis[] {
  const beams: Array<Map<string, Hypothesis>> = Array.from(
    { length: input.length + 1 },
    () => new Map<string, Hypothesis>(),
  );
  beams[0]?.set('', { out: '', state: STATE_START, channel: 0, lm: 0 });
  const score = (hypothesis: Hypothesis): number => hypothesis.channel + weights.lm * hypothesis.lm;

  let chunk = '';
  let unit: PhoneticUnit | undefined;
  const push = (
    position: number,
    from: Hypothesis,
    appended: string,
    state: number,
    cost: number,
    event: StepEvent,
  ): void => {
    const out = from.out + appended;
    if (lexicon && !lexicon.hasPrefix(out)) return;
    const beam = beams[position];
    if (!beam) return;
    const key = `${state}${out}`;
    const next: Hypothesis = {
      out,
      state,
      channel: from.channel + cost,
      lm: from.lm + lmCost(model, from.out, appended),
      prev: from,
      chunk,
      unit,
      event,
    };
    const existing = beam.get(key);
    if (!existing || score(next) < score(existing)) beam.set(key, next);
  };

  for (let position = 0; position < input.length; position += 1) {
    const beam = beams[position];
    if (!beam || beam.size === 0) continue;
    const hypotheses = [...beam.values()].sort((a, b) => score(a) - score(b)).slice(0, weights.beam);
    for (const hypothesis of hypotheses) {
      for (let length = 1; length <= script.maxChunk && position + length <= input.length; length += 1) {
        const roman = input.slice(position, position + length);
        const target = position + length;
        const finalUnits = target === input.length ? script.units.get(roman + FINAL_MARK) : undefined;
        const units = finalUnits ?? script.units.get(roman);
        if (!units) continue;
        chunk = finalUnits ? roman + FINAL_MARK : roman;
        for (const candidate of units) {
          unit = candidate;
          if (unit.kind === 'C') {
            if (hypothesis.state === STATE_CONSONANT) {
              push(
                target,
                hypothesis,
                script.virama + unit.text,
                STATE_CONSONANT,
                unit.cost + weights.viramaCost,
                'virama',
              );
              push(
                target,
                hypothesis,
                unit.text,
                STATE_CONSONANT,
                unit.cost + weights.schwaCost + script.explicitViramaBias,
                'schwa',
              );
            } else {
              push(target, hypothesis, unit.text, STATE_CONSONANT, unit.cost, 'plain');
              if (hypothesis.state === STATE_VOWEL && unit.text.length === 1) {
                push(
                  target,
                  hypothesis,
                  unit.text + script.virama + unit.text,
                  STATE_CONSONANT,
                  unit.cost + weights.geminationCost,
                  'gemination',
                );
              }
            }
          } else if (unit.kind === 'V') {
            const written = hypothesis.state === STATE_CONSONANT ? unit.sign : unit.independent;
            push(target, hypothesis, written, STATE_VOWEL, unit.cost, 'plain');
            const isFinal = target === input.length;
            const nasalCost = isFinal ? weights.finalNasalCost : weights.silentNasalCost;
            if (Number.isFinite(nasalCost))
              push(
                target,
                hypothesis,
                written + script.anusvara,
                STATE_VOWEL,
                unit.cost + nasalCost,
                isFinal ? 'finalNasal' : 'nasal',
              );
          } else if (hypothesis.state !== STATE_START) {
            push(
              target,
              hypothesis,
              unit.text,
              STATE_VOWEL,
              unit.cost + (hypothesis.state === STATE_CONSONANT ? 2 : 0),
              'plain',
            );
          }
        }
      }
    }
  }
  const ends = [...(beams[input.length]?.values() ?? [])];
  for (const hypothesis of [...ends]) {
    if (hypothesis.state !== STATE_CONSONANT) continue;
    const out = hypothesis.out + script.virama;
    const withVirama: Hypothesis = {
      ...hypothesis,
      out,
      lm: hypothesis.lm + lmCost(model, hypothesis.out, script.virama),
      prev: hypothesis,
      chunk: '',
      unit: undefined,
      event: 'finalVirama',
    };
    withVirama.channel += Math.max(0, weights.finalViramaCost - 2 * script.explicitViramaBias);
    hypothesis.channel += script.explicitViramaBias;
    if (!lexicon || lexicon.hasPrefix(out)) ends.push(withVirama);
  }
  const finals = ends.filter((hypothesis) => !lexicon || lexicon.has(hypothesis.out));
  for (const hypothesis of finals) hypothesis.lm += model ? model.endCost(hypothesis.out) : 0;
  return finals;
}

export interface ScoredCandidate {
  text: string;
  cost: number;
}

/** Ranked native spellings of one lower-case Roman word. */
export function decodePhonetic(
  input: string,
  script: ScriptUnits,
  model: CharLanguageModel | undefined,
  lexicon: Lexicon | undefined,
  weights: DecoderWeights = DEFAULT_DECODER_WEIGHTS,
): ScoredCandidate[] {
  const best = new Map<string, number>();
  const consider = (hypotheses: Hypothesis[]): void => {
    for (const hypothesis of hypotheses) {
      if (!hypothesis.out) continue;
      let cost = hypothesis.channel + weights.lm * hypothesis.lm;
      const tier = lexicon ? lexicon.tier(hypothesis.out) : -1;
      if (tier >= 0) cost -= weights.lexiconBonus + tier * weights.tierBonus;
      const existing = best.get(hypothesis.out);
      if (existing === undefined || cost < existing) best.set(hypothesis.out, cost);
    }
  };
  consider(runBeam(input, script, model, weights, undefined));
  if (lexicon) consider(runBeam(input, script, model, weights, lexicon));
  return [...best.entries()].map(([text, cost]) => ({ text, cost })).sort((a, b) => a.cost - b.cost);
}

/** The cost of a whole spelling under the character model and word list (for candidates from other sources). */
export function scoreSpelling(
  text: string,
  channelCost: number,
  model: CharLanguageModel | undefined,
  lexicon: Lexicon | undefined,
  weights: DecoderWeights = DEFAULT_DECODER_WEIGHTS,
): number {
  let cost = channelCost + weights.lm * (lmCost(model, '', text) + (model ? model.endCost(text) : 0));
  const tier = lexicon ? lexicon.tier(text) : -1;
  if (tier >= 0) cost -= weights.lexiconBonus + tier * weights.tierBonus;
  return cost;
}

/** One step of an alignment: the Roman chunk (with FINAL_MARK for a word-final rule) and its unit. */
export interface AlignmentStep {
  chunk: string;
  unit: PhoneticUnit | undefined;
  event: StepEvent;
}

/**
 * The cheapest way the rules spell `input` as exactly `target` (forced alignment, no character
 * model), or undefined when the rules cannot produce it. Used to learn rule costs from word pairs.
 */
export function alignPhonetic(
  input: string,
  target: string,
  script: ScriptUnits,
  weights: DecoderWeights = DEFAULT_DECODER_WEIGHTS,
): AlignmentStep[] | undefined {
  const constraint: SpellingConstraint = {
    has: (word) => word === target,
    hasPrefix: (prefix) => target.startsWith(prefix),
  };
  const ends = runBeam(input, script, undefined, weights, constraint);
  let best: Hypothesis | undefined;
  for (const hypothesis of ends) if (!best || hypothesis.channel < best.channel) best = hypothesis;
  if (!best) return undefined;
  const steps: AlignmentStep[] = [];
  for (let node: Hypothesis | undefined = best; node?.prev; node = node.prev) {
    steps.push({ chunk: node.chunk ?? '', unit: node.unit, event: node.event ?? 'plain' });
  }
  return steps.reverse();
}
