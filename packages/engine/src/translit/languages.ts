/**
 * The transliteration languages of spec §9 and the script each one is written in.
 *
 * `lexicon` names the shipped word list (data/translit/<lexicon>.words.txt.gz) whose words and
 * character statistics steer the phonetic decoder; languages without their own Debian dictionary
 * borrow the closest one written in the same script.
 */

export const SCRIPTS = {
  latn: 'latn',
  deva: 'deva',
  beng: 'beng',
  guru: 'guru',
  gujr: 'gujr',
  orya: 'orya',
  taml: 'taml',
  telu: 'telu',
  knda: 'knda',
  mlym: 'mlym',
  arab: 'arab',
  olck: 'olck',
} as const;
export type Script = (typeof SCRIPTS)[keyof typeof SCRIPTS];

/** The Brahmic scripts that share the ISCII-derived Unicode block layout. */
export const BRAHMIC_BLOCK_START = {
  deva: 0x0900,
  beng: 0x0980,
  guru: 0x0a00,
  gujr: 0x0a80,
  orya: 0x0b00,
  taml: 0x0b80,
  telu: 0x0c00,
  knda: 0x0c80,
  mlym: 0x0d00,
} as const;
export type BrahmicScript = keyof typeof BRAHMIC_BLOCK_START;

export interface TranslitLanguage {
  code: string;
  name: string;
  script: Script;
  /** Word list (by its file stem) used as lexicon and character model; undefined: rules only. */
  lexicon?: string;
  /** Dravidian scripts distinguish short e/o from long ē/ō. */
  hasShortEO?: boolean;
}

const LANGUAGE_LIST: readonly TranslitLanguage[] = [
  { code: 'en', name: 'English', script: 'latn' },
  { code: 'hi', name: 'Hindi', script: 'deva', lexicon: 'hi' },
  { code: 'od', name: 'Odia', script: 'orya', lexicon: 'or' },
  { code: 'pa', name: 'Punjabi', script: 'guru', lexicon: 'pa' },
  { code: 'gu', name: 'Gujarati', script: 'gujr', lexicon: 'gu' },
  { code: 'mr', name: 'Marathi', script: 'deva', lexicon: 'mr' },
  { code: 'te', name: 'Telugu', script: 'telu', lexicon: 'te', hasShortEO: true },
  { code: 'ta', name: 'Tamil', script: 'taml', lexicon: 'ta', hasShortEO: true },
  { code: 'as', name: 'Assamese', script: 'beng', lexicon: 'as' },
  { code: 'bn', name: 'Bengali', script: 'beng', lexicon: 'bn' },
  { code: 'ml', name: 'Malayalam', script: 'mlym', lexicon: 'ml', hasShortEO: true },
  { code: 'kn', name: 'Kannada', script: 'knda', lexicon: 'kn', hasShortEO: true },
  { code: 'ur', name: 'Urdu', script: 'arab', lexicon: 'hi' },
  { code: 'mai', name: 'Maithili', script: 'deva', lexicon: 'hi' },
  { code: 'bh', name: 'Bhojpuri', script: 'deva', lexicon: 'hi' },
  { code: 'sa', name: 'Sanskrit', script: 'deva', lexicon: 'mr' },
  { code: 'kok', name: 'Konkani', script: 'deva', lexicon: 'mr' },
  { code: 'ks', name: 'Kashmiri', script: 'arab', lexicon: 'hi' },
  { code: 'kas-IN', name: 'Kashmiri (Devanagari)', script: 'deva', lexicon: 'hi' },
  { code: 'mni', name: 'Manipuri', script: 'beng', lexicon: 'bn' },
  { code: 'brx', name: 'Bodo', script: 'deva', lexicon: 'hi' },
  { code: 'ne', name: 'Nepali', script: 'deva', lexicon: 'ne' },
  { code: 'sat', name: 'Santali', script: 'olck' },
];

export const TRANSLIT_LANGUAGES: ReadonlyMap<string, TranslitLanguage> = new Map(
  LANGUAGE_LIST.map((language) => [language.code, language]),
);

/** Language codes accepted by the transliteration engine, in spec order. */
export const TRANSLIT_LANGUAGE_CODES: readonly string[] = LANGUAGE_LIST.map((language) => language.code);

/** Looks a language up by code ('or' is accepted for Odia as well as the spec's 'od'). */
export function getTranslitLanguage(code: string): TranslitLanguage {
  const language = TRANSLIT_LANGUAGES.get(code === 'or' ? 'od' : code);
  if (!language) throw new Error(`Unsupported transliteration language: ${code}`);
  return language;
}

export function isBrahmicScript(script: Script): script is BrahmicScript {
  return script in BRAHMIC_BLOCK_START;
}
