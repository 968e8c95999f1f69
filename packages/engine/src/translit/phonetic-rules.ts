/**
 * How Indian-language users write their words in Roman letters, as weighted rules from a Roman
 * chunk to a Devanagari unit (the pivot script; other scripts get these rules through
 * script conversion). Costs are −log probabilities in nats: 0 for the usual reading, larger for
 * rarer ones. The decoder combines them with a character model and the word list of the target
 * language, which settle what the rules leave open (dental or retroflex t, a or ā, schwa deletion).
 *
 * Unit kinds: C consonant (or fixed cluster), V vowel (independent letter, vowel sign), S sign
 * written after a syllable (anusvara, candrabindu, visarga).
 */

export type PhoneticUnit =
  | { kind: 'C'; text: string; cost: number }
  | { kind: 'V'; independent: string; sign: string; cost: number; isFinal?: boolean }
  | { kind: 'S'; text: string; cost: number };

/** Roman chunks that mark a final-only rule in the table (a word-end variant of a vowel). */
export const FINAL_MARK = '$';

// Format: roman chunk, then options separated by spaces; an option is native[:cost].
// For V, native is independent,sign (sign empty for the inherent vowel).
const CONSONANTS = `
k क क़:3.5 क्क:3
kh ख ख़:2.5
g ग ग़:4 ज:4
gh घ
ch च छ:1.3
chh छ
c क:1.2 च:0.8 स:2.5
j ज ज़:3 झ:4
jh झ
z ज़:0.4 ज:0.8 झ:4
t त:0.4 ट:0.9
th थ:0.6 ठ:1.1 त:2.8
tt ट:1.5 त्त:1 ट्ट:1.5
d द:0.6 ड:0.9 ड़:2.2
dh ध:0.4 ढ:1.6 ढ़:2.2
dd ड:1.5 द्द:1 ड्ड:1.5
n न ण:2.2 ऩ:2.5
nn न्न:0.5 ण:2 न:2
ng ङ:4 ंग:0.5
ny ञ:3 न्य:0.3
gn ग्न:0.3 ज्ञ:1.5
p प
ph फ फ़:2
f फ़:0.7 फ:0.7
b ब भ:3.5
bh भ
m म
y य
r र ड़:2.3 ऱ:2.5
rr र्र:1 ड़:1.5 र:1.5
l ल ळ:2 ऴ:3
ll ल्ल:0.5 ळ:1.5 ल:1.5
zh ऴ:0.3 ज़:1
v व
w व
sh श:0.4 ष:1.2 स:3
s स श:2 ष:3.2
ss स्स:1 स:1.2 श:2
h ह
x क्स:0.5 क्ष:1
q क:0.5 क़:0.8
ksh क्ष
gy ज्ञ:1.2
dny ज्ञ:0.8
gny ज्ञ:1
tr त्र:0.5
`;

const VOWELS = `
a अ,:0 आ,ा:1.0 ए,े:4
aa आ,ा:0 अ,:4
i इ,ि:0.4 ई,ी:1.1 ए,े:4
ee ई,ी:0 इ,ि:2.5 ए,े:2
ii ई,ी:0.3
e ए,े:0.2 ई,ी:3.5 ऐ,ै:3 ऎ,ॆ:0.1 अ,:4
ae ए,े:1 ऐ,ै:1
ai ऐ,ै:0.2 ए,े:2
ay ए,े:1.5 ऐ,ै:1.5
ei ए,े:1 ई,ी:2
u उ,ु:0.4 ऊ,ू:1.2 अ,:3.5
oo ऊ,ू:0.2 उ,ु:1.5 ओ,ो:3
uu ऊ,ू:0.3
o ओ,ो:0.2 औ,ौ:3 ऑ,ॉ:4 ऒ,ॊ:0.1 अ,:3
oa ओ,ो:2
au औ,ौ:0.3 ओ,ो:3
ou औ,ौ:0.5 ओ,ो:2 ऊ,ू:3
aw औ,ौ:1.5
ri ऋ,ृ:2.5
ru ऋ,ृ:3.5
ye ए,े:1.2
ey ए,े:0.8
ein एं,ें:0.8
yein एं,ें:0.5
ain ऐं,ैं:0.6
ia इया,िया:0.5
iya इया,िया:0.2
io इयो,ियो:0.8
ua उआ,ुआ:0.5
`;

/** Readings of a vowel that ends the word: a final "a" is mostly ā, since a final schwa is silent. */
const FINAL_VOWELS = `
a आ,ा:0.3 अ,:1.3
i ई,ी:0.5 इ,ि:0.9
u ऊ,ू:0.6 उ,ु:0.8
e ए,े:0.2 ई,ी:3
ee ई,ी:0
ey ए,े:0.3
`;

/**
 * Readings particular to some scripts. Bengali: the inherent vowel sounds o, য is j, শ is the usual
 * s. The Dravidian scripts (written in Devanagari pivot letters: ऩ → ன/ന,
 * ऱ → ற/റ, ऴ → ழ/ഴ, ळ → ள/ള). Tamil writes s as ச, h often as க, "ndr" as ன்ற, "ng" as ங்க.
 */
const SCRIPT_EXTRAS: Readonly<Record<string, string>> = {
  taml: `
C n ऩ:0.8
C s च:0.6
C th त:0.2
C d त:1.2
C h क:1.5
C ng ङ्ग:0.3 ङ:0.8
C nd ण्ड:0.8
C ndr ऩ्ऱ:0.2
C tr ऱ्ऱ:0.8
C rr ऱ्ऱ:0.3
C r ऱ:1.2
C l ळ:1.0
C zh ऴ:0
C nj ञ्ज:0.3
`,
  mlym: `
C n ण:1.2
C th त:0.2
C nn ऩ्ऩ:1 न्न:0.3
C r ऱ:1.2
C rr ऱ्ऱ:0.3
C l ळ:1.0
C zh ऴ:0
C nj ञ्ज:0.3
C ng ङ्ङ:0.5 ङ्ग:0.8
`,
  telu: `
C th त:0.3
`,
  beng: `
V o अ,:0.8
V o$ अ,:1 ओ,ो:0.3
C j य:1.2
C y य़:0.5
C s श:0.5
C sh श:0.1
C ng ङ:1.5
`,
  knda: `
C th त:0.3
`,
};

/** Names of the Latin letters as Hindi speakers say them (CNN → सीएनएन), for acronyms. */
export const LETTER_NAMES: Readonly<Record<string, string>> = {
  a: 'ए',
  b: 'बी',
  c: 'सी',
  d: 'डी',
  e: 'ई',
  f: 'एफ़',
  g: 'जी',
  h: 'एच',
  i: 'आई',
  j: 'जे',
  k: 'के',
  l: 'एल',
  m: 'एम',
  n: 'एन',
  o: 'ओ',
  p: 'पी',
  q: 'क्यू',
  r: 'आर',
  s: 'एस',
  t: 'टी',
  u: 'यू',
  v: 'वी',
  w: 'डब्ल्यू',
  x: 'एक्स',
  y: 'वाई',
  z: 'ज़ेड',
};

const SIGNS = `
n ं:0.7 ँ:2.5
ng ं:2.5
m ं:1.8
h ः:5
`;

/** Extra readings of English spelling, used for English words and names. */
const ENGLISH_EXTRAS = `
C c स:0.9 क:0.9
C ck क:0
C ph फ़:0.5 फ:0.5
C tion शन:0
C sion शन:0.3 ज़न:1
C ture चर:0
C qu क्व:0.3
C x क्स:0
C w व:0
C th थ:0.5 द:1.5
C ge ज:1
C dge ज:0
C wh व:0.5
V ea ई,ी:0.3 इ,ि:1.5
V ou आउ,ाउ:0.8 औ,ौ:0.8
V ow आउ,ाउ:0.7 ओ,ो:0.8
V igh आइ,ाइ:0
V y ई,ी:0.8 आइ,ाइ:1.5
V a ए,े:1.5 ऐ,ै:1.8 आ,ा:0.7
V i आइ,ाइ:1.5
V o ऑ,ॉ:1.2
V u यू,्यू:1.5
V e$ अ,:0.6 ए,े:0.8 ई,ी:2
V ie$ ई,ी:0.3
V y$ ई,ी:0.2
`;

/** A unit's identity within its Roman chunk, in the pivot script (learned costs are keyed by it). */
export function unitKey(unit: PhoneticUnit): string {
  return unit.kind === 'V' ? `V${unit.independent},${unit.sign}` : `${unit.kind}${unit.text}`;
}

/**
 * Replaces rule costs with learned ones (`costs` maps "chunk\tunitKey" to a cost). A chunk the
 * learning saw gets all its readings from `costs`; readings it never saw keep the hand cost plus
 * `unseenPenalty`, so rare readings stay possible. Chunks never seen keep their hand costs.
 */
export function applyLearnedCosts(
  table: Map<string, PhoneticUnit[]>,
  costs: ReadonlyMap<string, number>,
  seenChunks: ReadonlySet<string>,
  unseenPenalty: number,
): Map<string, PhoneticUnit[]> {
  const out = new Map<string, PhoneticUnit[]>();
  for (const [chunk, units] of table) {
    if (!seenChunks.has(chunk)) {
      out.set(chunk, units);
      continue;
    }
    out.set(
      chunk,
      units.map((unit) => ({
        ...unit,
        cost: costs.get(`${chunk}\t${unitKey(unit)}`) ?? unit.cost + unseenPenalty,
      })),
    );
  }
  return out;
}

function parseOptions(rest: string[]): Array<[string, number]> {
  return rest.map((option) => {
    const colon = option.lastIndexOf(':');
    if (colon < 0) return [option, 0];
    return [option.slice(0, colon), Number(option.slice(colon + 1))];
  });
}

function addUnit(table: Map<string, PhoneticUnit[]>, roman: string, unit: PhoneticUnit): void {
  const units = table.get(roman) ?? [];
  units.push(unit);
  table.set(roman, units);
}

function parseBlock(table: Map<string, PhoneticUnit[]>, block: string, kind: 'C' | 'V' | 'S'): void {
  for (const line of block.trim().split('\n')) {
    const [roman, ...rest] = line.trim().split(/\s+/u);
    if (!roman) continue;
    addOptions(table, kind, roman, rest);
  }
}

const ROMAN_ENGLISH_EXTRA_COST = 1.5;

function addOptions(
  table: Map<string, PhoneticUnit[]>,
  kind: 'C' | 'V' | 'S',
  roman: string,
  rest: string[],
  extraCost = 0,
): void {
  for (const [native, baseCost] of parseOptions(rest)) {
    const cost = baseCost + extraCost;
    if (kind === 'V') {
      const [independent = '', sign = ''] = native.split(',');
      addUnit(table, roman, { kind, independent, sign, cost });
    } else addUnit(table, roman, { kind, text: native, cost });
  }
}

/**
 * The rule table for romanised Indian-language input, or for English spelling when `isEnglish`.
 * With `finalVariants`, every vowel chunk without a word-final rule gets one with the same readings,
 * so that learned costs can tell a word-final vowel from the same letters inside a word (a final
 * "o" is almost never silent); without learned costs such copies change nothing.
 */
export function buildPhoneticRules(
  isEnglish: boolean,
  script?: string,
  finalVariants = false,
): Map<string, PhoneticUnit[]> {
  const table = new Map<string, PhoneticUnit[]>();
  parseBlock(table, CONSONANTS, 'C');
  parseBlock(table, VOWELS, 'V');
  parseBlock(table, SIGNS, 'S');
  for (const line of FINAL_VOWELS.trim().split('\n')) {
    const [roman, ...rest] = line.trim().split(/\s+/u);
    if (roman) addOptions(table, 'V', roman + FINAL_MARK, rest);
  }
  for (const line of (script ? (SCRIPT_EXTRAS[script] ?? '') : '').trim().split('\n')) {
    const [kind, roman, ...rest] = line.trim().split(/\s+/u);
    if ((kind === 'C' || kind === 'V') && roman) addOptions(table, kind, roman, rest);
  }
  // Romanised text borrows English words too: their spellings are read at a small extra cost.
  const extraCost = isEnglish ? 0 : ROMAN_ENGLISH_EXTRA_COST;
  for (const line of ENGLISH_EXTRAS.trim().split('\n')) {
    const [kind, roman, ...rest] = line.trim().split(/\s+/u);
    if ((kind === 'C' || kind === 'V') && roman) addOptions(table, kind, roman, rest, extraCost);
  }
  if (finalVariants) {
    for (const [roman, units] of [...table]) {
      const vowels = units.filter((unit) => unit.kind === 'V');
      if (roman.endsWith(FINAL_MARK) || vowels.length === 0 || table.has(roman + FINAL_MARK)) continue;
      table.set(roman + FINAL_MARK, vowels);
    }
  }
  return table;
}
