/**
 * Rule-based conversion between the scripts of the transliteration languages.
 *
 * The nine Brahmic blocks of Unicode follow the ISCII layout, so a letter sits at the same offset
 * in every block (क U+0915, ক U+0995, ક U+0A95, க U+0B95…). Text is carried through Devanagari
 * offsets as the pivot; where the target block has no letter at that offset, a fallback chain picks
 * the nearest sound the script does write (Tamil has no voiced or aspirated stops, Bengali writes
 * व as ব, Gurmukhi has no ष…). Assamese ৰ/ৱ, Malayalam chillus, Gurmukhi tippi/addak and Bengali
 * khanda ta are mapped explicitly. Perso-Arabic (Urdu, Kashmiri), Ol Chiki (Santali) and Latin
 * (ISO 15919) use letter tables over the same pivot.
 */
import {
  BRAHMIC_BLOCK_START,
  getTranslitLanguage,
  isBrahmicScript,
  type BrahmicScript,
  type Script,
} from './languages';

const DEVA = 0x0900;
const VIRAMA_OFFSET = 0x4d;
const NUKTA_OFFSET = 0x3c;
const UNASSIGNED = /\p{Cn}/u;

/** Offsets (relative to the block start) tried in order when a script lacks a letter. */
const OFFSET_FALLBACKS: Readonly<Record<number, readonly number[]>> = {
  0x01: [0x02], // candrabindu → anusvara
  0x0d: [0x0f], // ऍ → ए
  0x0e: [0x0f], // ऎ → ए
  0x0f: [0x0e], // ए → ऎ
  0x11: [0x13], // ऑ → ओ
  0x12: [0x13], // ऒ → ओ
  0x13: [0x12],
  0x14: [0x13],
  0x16: [0x15], // ख → क (Tamil)
  0x17: [0x15],
  0x18: [0x17, 0x15],
  0x1b: [0x1a], // छ → च
  0x1d: [0x1c, 0x1a], // झ → ज → च
  0x1c: [0x1a],
  0x20: [0x1f], // ठ → ट
  0x21: [0x1f],
  0x22: [0x21, 0x1f],
  0x25: [0x24], // थ → त
  0x26: [0x24],
  0x27: [0x26, 0x24],
  0x29: [0x28], // ऩ → न
  0x2b: [0x2a], // फ → प
  0x2c: [0x2a],
  0x2d: [0x2c, 0x2a],
  0x31: [0x30], // ऱ → र
  0x33: [0x32], // ळ → ल
  0x34: [0x33, 0x32], // ऴ → ळ → ल
  0x35: [0x2c], // व → ब (Bengali)
  0x36: [0x37, 0x38], // श → ष → स
  0x37: [0x36, 0x38],
  0x45: [0x47], // ॅ → े
  0x46: [0x47],
  0x47: [0x46],
  0x49: [0x4b], // ॉ → ो
  0x4a: [0x4b],
  0x4b: [0x4a],
  0x4c: [0x4b],
};

/** Letters a script lacks that are written as a sequence instead (Devanagari offsets). */
const OFFSET_EXPANSIONS: Readonly<Record<number, readonly number[]>> = {
  0x0b: [0x30, 0x3f], // ऋ → रि (Gurmukhi), रु in Tamil below
  0x43: [VIRAMA_OFFSET, 0x30, 0x3f], // ृ → ्रि
  0x02: [0x2e, VIRAMA_OFFSET], // anusvara → म् (Tamil)
};

const TAMIL_EXPANSIONS: Readonly<Record<number, readonly number[]>> = {
  0x0b: [0x30, 0x41],
  0x43: [VIRAMA_OFFSET, 0x30, 0x41],
};

/** Characters outside the shared layout, read into Devanagari. */
const EXTRA_TO_DEVANAGARI: Readonly<Record<string, string>> = {
  ৰ: 'र',
  ৱ: 'व',
  ৎ: 'त्',
  য়: 'य',
  'ੰ': 'ं',
  'ੱ': '',
  ੲ: 'इ',
  ੳ: 'उ',
  ൺ: 'ण्',
  ൻ: 'न्',
  ർ: 'र्',
  ൽ: 'ल्',
  ൾ: 'ळ्',
  ൿ: 'क्',
  ୱ: 'व',
  ୟ: 'य',
  ఽ: 'ऽ',
};

function blockStart(script: BrahmicScript): number {
  return BRAHMIC_BLOCK_START[script];
}

function isAssigned(codePoint: number): boolean {
  return !UNASSIGNED.test(String.fromCodePoint(codePoint));
}

function brahmicToDevanagari(text: string, script: BrahmicScript): string {
  const start = blockStart(script);
  let out = '';
  for (const char of text.normalize('NFD')) {
    const extra = EXTRA_TO_DEVANAGARI[char];
    if (extra !== undefined) {
      out += extra;
      continue;
    }
    const code = char.codePointAt(0) ?? 0;
    if (code >= start && code < start + 0x80) {
      const offset = code - start;
      // Dravidian short e/o have their own Devanagari letters; keep them so round trips hold.
      out += String.fromCodePoint(DEVA + offset);
    } else out += char;
  }
  return out;
}

function mapOffset(offset: number, script: BrahmicScript, depth = 0): string {
  const start = blockStart(script);
  const direct = start + offset;
  if (offset >= 0x64 && offset <= 0x65) return String.fromCodePoint(DEVA + offset); // dandas are shared
  if (isAssigned(direct)) return String.fromCodePoint(direct);
  if (depth > 2) return '';
  const expansion = (script === 'taml' ? TAMIL_EXPANSIONS[offset] : undefined) ?? OFFSET_EXPANSIONS[offset];
  for (const fallback of OFFSET_FALLBACKS[offset] ?? []) {
    if (isAssigned(start + fallback)) return String.fromCodePoint(start + fallback);
  }
  if (expansion) return expansion.map((part) => mapOffset(part, script, depth + 1)).join('');
  return '';
}

/** Letters (Devanagari offsets) that each script writes with a nukta; elsewhere it is dropped. */
const NUKTA_BASES: Readonly<Partial<Record<BrahmicScript, readonly number[]>>> = {
  deva: [0x15, 0x16, 0x17, 0x1c, 0x21, 0x22, 0x2b, 0x2f, 0x28, 0x30, 0x33],
  beng: [0x21, 0x22, 0x2f],
  guru: [0x16, 0x17, 0x1c, 0x2b, 0x32, 0x38],
  orya: [0x21, 0x22],
};

function keepsNukta(script: BrahmicScript, baseOffset: number): boolean {
  return NUKTA_BASES[script]?.includes(baseOffset) ?? false;
}

/** Gurmukhi writes clusters without a visible virama except the subjoined ਰ, ਵ and ਹ. */
function isGurmukhiSubjoined(nextOffset: number): boolean {
  return nextOffset === 0x30 || nextOffset === 0x35 || nextOffset === 0x39;
}

function devanagariToBrahmic(text: string, script: BrahmicScript, languageCode: string): string {
  if (script === 'deva') return text;
  let out = '';
  const chars = [...text.normalize('NFD')];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    const code = char.codePointAt(0) ?? 0;
    if (code < DEVA || code >= DEVA + 0x80) {
      out += char;
      continue;
    }
    const offset = code - DEVA;
    const previousOffset = (chars[i - 1]?.codePointAt(0) ?? 0) - DEVA;
    const nextOffset = (chars[i + 1]?.codePointAt(0) ?? 0) - DEVA;
    if (languageCode === 'as' && offset === 0x30) out += 'ৰ';
    else if (languageCode === 'as' && offset === 0x35) out += 'ৱ';
    else if (offset === NUKTA_OFFSET && !keepsNukta(script, previousOffset)) continue;
    else if (offset === VIRAMA_OFFSET && script === 'guru' && !isGurmukhiSubjoined(nextOffset)) continue;
    else out += mapOffset(offset, script);
  }
  return out.normalize('NFC');
}

// ---------- Perso-Arabic (Urdu, Kashmiri) ----------

const ARABIC_CONSONANTS: Readonly<Record<string, string>> = {
  क: 'ک',
  ख: 'کھ',
  ग: 'گ',
  घ: 'گھ',
  ङ: 'ن',
  च: 'چ',
  छ: 'چھ',
  ज: 'ج',
  झ: 'جھ',
  ञ: 'ن',
  ट: 'ٹ',
  ठ: 'ٹھ',
  ड: 'ڈ',
  ढ: 'ڈھ',
  ण: 'ن',
  त: 'ت',
  थ: 'تھ',
  द: 'د',
  ध: 'دھ',
  न: 'ن',
  प: 'پ',
  फ: 'پھ',
  ब: 'ب',
  भ: 'بھ',
  म: 'م',
  य: 'ی',
  र: 'ر',
  ल: 'ل',
  ळ: 'ل',
  व: 'و',
  श: 'ش',
  ष: 'ش',
  स: 'س',
  ह: 'ہ',
};
const ARABIC_NUKTA: Readonly<Record<string, string>> = {
  क: 'ق',
  ख: 'خ',
  ग: 'غ',
  ज: 'ز',
  फ: 'ف',
  ड: 'ڑ',
  ढ: 'ڑھ',
};
const ARABIC_INDEPENDENT_VOWELS: Readonly<Record<string, string>> = {
  अ: 'ا',
  आ: 'آ',
  इ: 'ا',
  ई: 'ای',
  उ: 'ا',
  ऊ: 'او',
  ए: 'اے',
  ऐ: 'اے',
  ओ: 'او',
  औ: 'او',
  ऋ: 'رِ',
};
const ARABIC_MATRAS: Readonly<Record<string, string>> = {
  'ा': 'ا',
  'ि': '',
  'ी': 'ی',
  'ु': '',
  'ू': 'و',
  'े': 'ی',
  'ै': 'ی',
  'ो': 'و',
  'ौ': 'و',
  'ृ': 'ر',
  'ॅ': 'ی',
  'ॉ': 'ا',
};

function devanagariToArabic(text: string): string {
  const chars = [...text.normalize('NFD')];
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    const next = chars[i + 1];
    const isWordEnd = next === undefined || !/[\u0900-\u097F]/u.test(next);
    if (next === '\u093C' && ARABIC_NUKTA[char]) {
      out += ARABIC_NUKTA[char];
      i += 1;
    } else if (ARABIC_CONSONANTS[char]) out += ARABIC_CONSONANTS[char];
    else if (ARABIC_INDEPENDENT_VOWELS[char]) out += ARABIC_INDEPENDENT_VOWELS[char];
    else if (char in ARABIC_MATRAS) {
      // Final e/ai take bari ye, final i (short) becomes ye.
      if ((char === 'े' || char === 'ै') && isWordEnd) out += 'ے';
      else if (char === 'ि' && isWordEnd) out += 'ی';
      else out += ARABIC_MATRAS[char];
    } else if (char === 'ं' || char === 'ँ') out += isWordEnd ? 'ں' : 'ن';
    else if (char === 'ः') out += 'ہ';
    else if (char === '्' || char === '\u093C') continue;
    else if (char === '।') out += '۔';
    else out += char;
  }
  return out;
}

const ARABIC_TO_DEVANAGARI: Readonly<Record<string, string>> = {
  ا: 'ा',
  آ: 'आ',
  ب: 'ब',
  پ: 'प',
  ت: 'त',
  ٹ: 'ट',
  ث: 'स',
  ج: 'ज',
  چ: 'च',
  ح: 'ह',
  خ: 'ख़',
  د: 'द',
  ڈ: 'ड',
  ذ: 'ज़',
  ر: 'र',
  ڑ: 'ड़',
  ز: 'ज़',
  ژ: 'झ़',
  س: 'स',
  ش: 'श',
  ص: 'स',
  ض: 'ज़',
  ط: 'त',
  ظ: 'ज़',
  ع: '',
  غ: 'ग़',
  ف: 'फ़',
  ق: 'क़',
  ک: 'क',
  ك: 'क',
  گ: 'ग',
  ل: 'ल',
  م: 'म',
  ن: 'न',
  ں: 'ं',
  و: 'व',
  ہ: 'ह',
  ه: 'ह',
  ھ: '्ह',
  ۂ: 'ह',
  ی: 'य',
  ي: 'य',
  ے: 'े',
  ئ: 'इ',
  ء: '',
  '۔': '।',
};
const ARABIC_HARAKAT = /[\u064B-\u065F\u0670]/gu;

function arabicToDevanagari(text: string): string {
  let out = '';
  const chars = [...text.replace(ARABIC_HARAKAT, '')];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    const previous = i > 0 ? chars[i - 1] : undefined;
    const isWordStart = previous === undefined || !/[\u0600-\u06FF]/u.test(previous);
    const mapped = ARABIC_TO_DEVANAGARI[char];
    if (mapped === undefined) out += char;
    else if (char === 'ا') out += isWordStart ? 'अ' : 'ा';
    else if (char === 'و' && !isWordStart && previous !== 'ا') out += 'ो';
    else if ((char === 'ی' || char === 'ي') && !isWordStart && previous !== 'ا') out += 'ी';
    else if (char === 'ھ') out = out.replace(/([कगचजटडतदपब])$/u, (consonant) => aspirate(consonant));
    else out += mapped;
  }
  return out;
}

function aspirate(consonant: string): string {
  const pairs: Record<string, string> = {
    क: 'ख',
    ग: 'घ',
    च: 'छ',
    ज: 'झ',
    ट: 'ठ',
    ड: 'ढ',
    त: 'थ',
    द: 'ध',
    प: 'फ',
    ब: 'भ',
  };
  return pairs[consonant] ?? consonant;
}

// ---------- Ol Chiki (Santali) ----------

const OL_CHIKI_CONSONANTS: Readonly<Record<string, string>> = {
  क: 'ᱠ',
  ख: 'ᱠᱷ',
  ग: 'ᱜ',
  घ: 'ᱜᱷ',
  ङ: 'ᱝ',
  च: 'ᱪ',
  छ: 'ᱪᱷ',
  ज: 'ᱡ',
  झ: 'ᱡᱷ',
  ञ: 'ᱧ',
  ट: 'ᱴ',
  ठ: 'ᱴᱷ',
  ड: 'ᱰ',
  ढ: 'ᱰᱷ',
  ण: 'ᱬ',
  त: 'ᱛ',
  थ: 'ᱛᱷ',
  द: 'ᱫ',
  ध: 'ᱫᱷ',
  न: 'ᱱ',
  प: 'ᱯ',
  फ: 'ᱯᱷ',
  ब: 'ᱵ',
  भ: 'ᱵᱷ',
  म: 'ᱢ',
  य: 'ᱭ',
  र: 'ᱨ',
  ल: 'ᱞ',
  व: 'ᱣ',
  श: 'ᱥ',
  ष: 'ᱥ',
  स: 'ᱥ',
  ह: 'ᱦ',
  ळ: 'ᱞ',
};
const OL_CHIKI_VOWELS: Readonly<Record<string, string>> = {
  अ: 'ᱚ',
  आ: 'ᱟ',
  इ: 'ᱤ',
  ई: 'ᱤ',
  उ: 'ᱩ',
  ऊ: 'ᱩ',
  ए: 'ᱮ',
  ऐ: 'ᱚᱤ',
  ओ: 'ᱳ',
  औ: 'ᱚᱩ',
  ऋ: 'ᱨᱤ',
  'ा': 'ᱟ',
  'ि': 'ᱤ',
  'ी': 'ᱤ',
  'ु': 'ᱩ',
  'ू': 'ᱩ',
  'े': 'ᱮ',
  'ै': 'ᱚᱤ',
  'ो': 'ᱳ',
  'ौ': 'ᱚᱩ',
  'ृ': 'ᱨᱤ',
  'ॅ': 'ᱮ',
  'ॉ': 'ᱳ',
};

function devanagariToOlChiki(text: string): string {
  const chars = [...text.normalize('NFD').replace(/\u093C/gu, '')];
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    const next = chars[i + 1];
    const consonant = OL_CHIKI_CONSONANTS[char];
    if (consonant) {
      out += consonant;
      const isFollowedByLetter = next !== undefined && /[\u0900-\u097F]/u.test(next);
      // The inherent vowel is written out (ᱚ) except before a virama, a vowel sign or at word end.
      if (isFollowedByLetter && next !== '्' && !(next in OL_CHIKI_VOWELS) && next !== 'ं' && next !== 'ँ')
        out += 'ᱚ';
      else if (next === 'ं' || next === 'ँ') out += 'ᱚ';
    } else if (OL_CHIKI_VOWELS[char]) out += OL_CHIKI_VOWELS[char];
    else if (char === 'ं' || char === 'ँ') out += 'ᱸ';
    else if (char === '्') continue;
    else if (char === '।') out += '᱾';
    else if (/[०-९]/u.test(char)) out += String.fromCodePoint(0x1c50 + (char.codePointAt(0) ?? 0) - 0x0966);
    else out += char;
  }
  return out;
}

const OL_CHIKI_TO_DEVANAGARI = new Map<string, string>();
for (const [deva, olck] of Object.entries(OL_CHIKI_CONSONANTS))
  if (!OL_CHIKI_TO_DEVANAGARI.has(olck)) OL_CHIKI_TO_DEVANAGARI.set(olck, deva);

function olChikiToDevanagari(text: string): string {
  const vowelSigns: Record<string, [string, string]> = {
    ᱚ: ['अ', ''],
    ᱟ: ['आ', 'ा'],
    ᱤ: ['इ', 'ि'],
    ᱩ: ['उ', 'ु'],
    ᱮ: ['ए', 'े'],
    ᱳ: ['ओ', 'ो'],
  };
  let out = '';
  let isAfterConsonant = false;
  for (const char of text) {
    const vowel = vowelSigns[char];
    if (vowel) {
      out += isAfterConsonant ? vowel[1] : vowel[0];
      isAfterConsonant = false;
    } else if (char === 'ᱷ') {
      out = out.replace(/([कगचजटडतदपब])$/u, (consonant) => aspirate(consonant));
    } else if (OL_CHIKI_TO_DEVANAGARI.has(char)) {
      if (isAfterConsonant) out += '्';
      out += OL_CHIKI_TO_DEVANAGARI.get(char) ?? '';
      isAfterConsonant = true;
    } else {
      isAfterConsonant = false;
      if (char === 'ᱸ') out += 'ं';
      else if (char === '᱾') out += '।';
      else if (char >= '᱐' && char <= '᱙')
        out += String.fromCodePoint(0x0966 + (char.codePointAt(0) ?? 0) - 0x1c50);
      else out += char;
    }
  }
  return out;
}

// ---------- Latin (ISO 15919) ----------

const ISO_CONSONANTS: Readonly<Record<string, string>> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'ṅ',
  च: 'c',
  छ: 'ch',
  ज: 'j',
  झ: 'jh',
  ञ: 'ñ',
  ट: 'ṭ',
  ठ: 'ṭh',
  ड: 'ḍ',
  ढ: 'ḍh',
  ण: 'ṇ',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  ऩ: 'ṉ',
  प: 'p',
  फ: 'ph',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ऱ: 'ṟ',
  ल: 'l',
  ळ: 'ḷ',
  ऴ: 'ḻ',
  व: 'v',
  श: 'ś',
  ष: 'ṣ',
  स: 's',
  ह: 'h',
};
const ISO_NUKTA: Readonly<Record<string, string>> = {
  क: 'q',
  ख: 'ḵẖ',
  ग: 'ġ',
  ज: 'z',
  फ: 'f',
  ड: 'ṛ',
  ढ: 'ṛh',
  य: 'ẏ',
};
const ISO_VOWELS: Readonly<Record<string, string>> = {
  अ: 'a',
  आ: 'ā',
  इ: 'i',
  ई: 'ī',
  उ: 'u',
  ऊ: 'ū',
  ऋ: 'r̥',
  ॠ: 'r̥̄',
  ऌ: 'l̥',
  ऎ: 'e',
  ए: 'ē',
  ऐ: 'ai',
  ऒ: 'o',
  ओ: 'ō',
  औ: 'au',
  ऍ: 'ê',
  ऑ: 'ô',
  'ा': 'ā',
  'ि': 'i',
  'ी': 'ī',
  'ु': 'u',
  'ू': 'ū',
  'ृ': 'r̥',
  'ॄ': 'r̥̄',
  'ॆ': 'e',
  'े': 'ē',
  'ै': 'ai',
  'ॊ': 'o',
  'ो': 'ō',
  'ौ': 'au',
  'ॅ': 'ê',
  'ॉ': 'ô',
};
const ISO_SIGNS: Readonly<Record<string, string>> = {
  'ं': 'ṁ',
  'ँ': 'm̐',
  'ः': 'ḥ',
  ऽ: '’',
  '।': '.',
  '॥': '.',
};

function devanagariToIso(text: string): string {
  const chars = [...text.normalize('NFD')];
  let out = '';
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    let consonant = ISO_CONSONANTS[char];
    if (consonant !== undefined) {
      if (chars[i + 1] === '\u093C') {
        consonant = ISO_NUKTA[char] ?? consonant;
        i += 1;
      }
      out += consonant;
      const next = chars[i + 1];
      if (next === '्') i += 1;
      else if (next === undefined || !(next in ISO_VOWELS)) out += 'a';
      continue;
    }
    const vowel = ISO_VOWELS[char];
    if (vowel !== undefined) {
      // An independent vowel after a bare consonant's 'a' or another vowel gets a separating colon.
      out += /[aiu]$/u.test(out) && !/[\u093E-\u094C]/u.test(char) ? `:${vowel}` : vowel;
    } else if (ISO_SIGNS[char] !== undefined) out += ISO_SIGNS[char];
    else if (/[०-९]/u.test(char)) out += String.fromCodePoint(0x30 + (char.codePointAt(0) ?? 0) - 0x0966);
    else out += char;
  }
  return out.normalize('NFC');
}

// ---------- entry points ----------

const SCRIPT_PATTERNS: ReadonlyArray<[Script, RegExp]> = [
  ['deva', /\p{Script=Devanagari}/u],
  ['beng', /\p{Script=Bengali}/u],
  ['guru', /\p{Script=Gurmukhi}/u],
  ['gujr', /\p{Script=Gujarati}/u],
  ['orya', /\p{Script=Oriya}/u],
  ['taml', /\p{Script=Tamil}/u],
  ['telu', /\p{Script=Telugu}/u],
  ['knda', /\p{Script=Kannada}/u],
  ['mlym', /\p{Script=Malayalam}/u],
  ['arab', /\p{Script=Arabic}/u],
  ['olck', /\p{Script=Ol_Chiki}/u],
  ['latn', /\p{Script=Latin}/u],
];

/** The script of the first letter in `text` that belongs to a supported script, or undefined. */
export function detectScript(text: string): Script | undefined {
  for (const char of text) {
    for (const [script, pattern] of SCRIPT_PATTERNS) if (pattern.test(char)) return script;
  }
  return undefined;
}

/** Reads text in `script` into the Devanagari pivot (Latin is returned unchanged). */
export function toDevanagariPivot(text: string, script: Script): string {
  if (isBrahmicScript(script)) return brahmicToDevanagari(text, script).normalize('NFC');
  if (script === 'arab') return arabicToDevanagari(text);
  if (script === 'olck') return olChikiToDevanagari(text);
  return text;
}

/** Writes Devanagari-pivot text in the script of `languageCode`. */
export function fromDevanagariPivot(text: string, languageCode: string): string {
  const language = getTranslitLanguage(languageCode);
  const script = language.script;
  if (isBrahmicScript(script)) return devanagariToBrahmic(text, script, language.code);
  if (script === 'arab') return devanagariToArabic(text);
  if (script === 'olck') return devanagariToOlChiki(text);
  return devanagariToIso(text);
}

/**
 * Converts text between the scripts of two transliteration languages (hi→bn, ta→hi, hi→ur…).
 * Letters of other scripts, digits of other systems, spaces and punctuation pass through; 'en' as
 * target writes ISO 15919.
 */
export function convertScript(text: string, fromLang: string, toLang: string): string {
  const from = getTranslitLanguage(fromLang);
  const to = getTranslitLanguage(toLang);
  if (from.script === 'latn') return text;
  const source = from.script;
  let pivot = '';
  // Only runs of the source script are converted; anything else is kept as written.
  const pattern = SCRIPT_PATTERNS.find(([script]) => script === source)?.[1];
  if (!pattern) return text;
  for (const run of text.split(/(\s+)/u)) {
    pivot += pattern.test(run) ? toDevanagariPivot(run, source) : run;
  }
  if (to.script === 'deva' && from.script === 'deva') return pivot.normalize('NFC');
  return fromDevanagariPivot(pivot, to.code);
}
