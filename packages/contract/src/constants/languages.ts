/**
 * Code → English display name of every language Bhasha handles (spec §3 and §9: a fixed table of
 * about 100 languages). Indian languages come first; odia is `od` and Manipuri in Meitei Mayek is
 * `mni-Mtei`, as the spec spells them.
 */
export const LANGUAGES = {
  en: 'English',
  hi: 'Hindi',
  od: 'Odia',
  pa: 'Punjabi',
  gu: 'Gujarati',
  mr: 'Marathi',
  te: 'Telugu',
  ta: 'Tamil',
  as: 'Assamese',
  bn: 'Bengali',
  ml: 'Malayalam',
  kn: 'Kannada',
  ur: 'Urdu',
  mai: 'Maithili',
  bh: 'Bhojpuri',
  sa: 'Sanskrit',
  kok: 'Konkani',
  ks: 'Kashmiri',
  'kas-IN': 'Kashmiri (India)',
  mni: 'Manipuri',
  'mni-Mtei': 'Manipuri (Meitei Mayek)',
  brx: 'Bodo',
  sd: 'Sindhi',
  doi: 'Dogri',
  ne: 'Nepali',
  sat: 'Santali',
  awa: 'Awadhi',
  mag: 'Magahi',
  hne: 'Chhattisgarhi',
  tcy: 'Tulu',
  lus: 'Mizo',
  si: 'Sinhala',
  my: 'Burmese',
  dv: 'Dhivehi',
  bo: 'Tibetan',
  ps: 'Pashto',
  af: 'Afrikaans',
  sq: 'Albanian',
  am: 'Amharic',
  ar: 'Arabic',
  hy: 'Armenian',
  az: 'Azerbaijani',
  eu: 'Basque',
  be: 'Belarusian',
  bs: 'Bosnian',
  bg: 'Bulgarian',
  ca: 'Catalan',
  'zh-CN': 'Chinese (Simplified)',
  'zh-TW': 'Chinese (Traditional)',
  hr: 'Croatian',
  cs: 'Czech',
  da: 'Danish',
  nl: 'Dutch',
  eo: 'Esperanto',
  et: 'Estonian',
  fil: 'Filipino',
  fi: 'Finnish',
  fr: 'French',
  gl: 'Galician',
  ka: 'Georgian',
  de: 'German',
  el: 'Greek',
  ha: 'Hausa',
  he: 'Hebrew',
  hu: 'Hungarian',
  is: 'Icelandic',
  ig: 'Igbo',
  id: 'Indonesian',
  ga: 'Irish',
  it: 'Italian',
  ja: 'Japanese',
  'ja-JP': 'Japanese (Japan)',
  jv: 'Javanese',
  kk: 'Kazakh',
  km: 'Khmer',
  ko: 'Korean',
  ku: 'Kurdish',
  ky: 'Kyrgyz',
  lo: 'Lao',
  lv: 'Latvian',
  lt: 'Lithuanian',
  mk: 'Macedonian',
  ms: 'Malay',
  mt: 'Maltese',
  mn: 'Mongolian',
  no: 'Norwegian',
  fa: 'Persian',
  pl: 'Polish',
  pt: 'Portuguese',
  'pt-BR': 'Portuguese (Brazil)',
  ro: 'Romanian',
  ru: 'Russian',
  sr: 'Serbian',
  sk: 'Slovak',
  sl: 'Slovenian',
  so: 'Somali',
  es: 'Spanish',
  'es-MX': 'Spanish (Mexico)',
  sw: 'Swahili',
  sv: 'Swedish',
  tg: 'Tajik',
  th: 'Thai',
  tr: 'Turkish',
  tk: 'Turkmen',
  uk: 'Ukrainian',
  ug: 'Uyghur',
  uz: 'Uzbek',
  vi: 'Vietnamese',
  cy: 'Welsh',
  xh: 'Xhosa',
  yi: 'Yiddish',
  yo: 'Yoruba',
  zu: 'Zulu',
} as const;

/** A code of the fixed language table. */
export type LanguageCode = keyof typeof LANGUAGES;

/** Every language code, in table order (Indian languages first). */
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [LanguageCode, ...LanguageCode[]];

/** True for a string that is a code of the fixed table; codes are case-sensitive (`zh-TW`, `kas-IN`). */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** Code → the language's own name (autonym), for language switchers shown to site visitors. */
export const LANGUAGE_NATIVE_NAMES: Readonly<Record<LanguageCode, string>> = {
  en: 'English',
  hi: 'हिन्दी',
  od: 'ଓଡ଼ିଆ',
  pa: 'ਪੰਜਾਬੀ',
  gu: 'ગુજરાતી',
  mr: 'मराठी',
  te: 'తెలుగు',
  ta: 'தமிழ்',
  as: 'অসমীয়া',
  bn: 'বাংলা',
  ml: 'മലയാളം',
  kn: 'ಕನ್ನಡ',
  ur: 'اردو',
  mai: 'मैथिली',
  bh: 'भोजपुरी',
  sa: 'संस्कृतम्',
  kok: 'कोंकणी',
  ks: 'کٲشُر',
  'kas-IN': 'کٲشُر (ہِندوستان)',
  mni: 'মৈতৈলোন্',
  'mni-Mtei': 'ꯃꯤꯇꯩꯂꯣꯟ',
  brx: 'बर’',
  sd: 'سنڌي',
  doi: 'डोगरी',
  ne: 'नेपाली',
  sat: 'ᱥᱟᱱᱛᱟᱲᱤ',
  awa: 'अवधी',
  mag: 'मगही',
  hne: 'छत्तीसगढ़ी',
  tcy: 'ತುಳು',
  lus: 'Mizo ṭawng',
  si: 'සිංහල',
  my: 'မြန်မာ',
  dv: 'ދިވެހި',
  bo: 'བོད་སྐད་',
  ps: 'پښتو',
  af: 'Afrikaans',
  sq: 'Shqip',
  am: 'አማርኛ',
  ar: 'العربية',
  hy: 'Հայերեն',
  az: 'Azərbaycan',
  eu: 'Euskara',
  be: 'Беларуская',
  bs: 'Bosanski',
  bg: 'Български',
  ca: 'Català',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  hr: 'Hrvatski',
  cs: 'Čeština',
  da: 'Dansk',
  nl: 'Nederlands',
  eo: 'Esperanto',
  et: 'Eesti',
  fil: 'Filipino',
  fi: 'Suomi',
  fr: 'Français',
  gl: 'Galego',
  ka: 'ქართული',
  de: 'Deutsch',
  el: 'Ελληνικά',
  ha: 'Hausa',
  he: 'עברית',
  hu: 'Magyar',
  is: 'Íslenska',
  ig: 'Igbo',
  id: 'Bahasa Indonesia',
  ga: 'Gaeilge',
  it: 'Italiano',
  ja: '日本語',
  'ja-JP': '日本語 (日本)',
  jv: 'Basa Jawa',
  kk: 'Қазақ тілі',
  km: 'ខ្មែរ',
  ko: '한국어',
  ku: 'Kurdî',
  ky: 'Кыргызча',
  lo: 'ລາວ',
  lv: 'Latviešu',
  lt: 'Lietuvių',
  mk: 'Македонски',
  ms: 'Bahasa Melayu',
  mt: 'Malti',
  mn: 'Монгол',
  no: 'Norsk',
  fa: 'فارسی',
  pl: 'Polski',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  sr: 'Српски',
  sk: 'Slovenčina',
  sl: 'Slovenščina',
  so: 'Soomaali',
  es: 'Español',
  'es-MX': 'Español (México)',
  sw: 'Kiswahili',
  sv: 'Svenska',
  tg: 'Тоҷикӣ',
  th: 'ไทย',
  tr: 'Türkçe',
  tk: 'Türkmençe',
  uk: 'Українська',
  ug: 'ئۇيغۇرچە',
  uz: 'Oʻzbekcha',
  vi: 'Tiếng Việt',
  cy: 'Cymraeg',
  xh: 'isiXhosa',
  yi: 'ייִדיש',
  yo: 'Yorùbá',
  zu: 'isiZulu',
};

/** Lower-case English name → code: the spec's reverse table (hindi → hi, odia → od, …), derived so it never drifts. */
export const LANGUAGE_CODES_BY_NAME: Readonly<Record<string, LanguageCode>> = Object.freeze(
  Object.fromEntries(LANGUAGE_CODES.map((code) => [LANGUAGES[code].toLowerCase(), code])),
);

/** The native Indian languages of spec §3, name → code, in the spec's order. */
export const INDIAN_LANGUAGE_CODES_BY_NAME = {
  hindi: 'hi',
  odia: 'od',
  punjabi: 'pa',
  gujarati: 'gu',
  marathi: 'mr',
  telugu: 'te',
  tamil: 'ta',
  assamese: 'as',
  bengali: 'bn',
  malayalam: 'ml',
  kannada: 'kn',
  urdu: 'ur',
} as const satisfies Record<string, LanguageCode>;

/** A lower-case name of the spec §3 Indian language map. */
export type IndianLanguageName = keyof typeof INDIAN_LANGUAGE_CODES_BY_NAME;

/** English display name of a code, or the code itself when it is not in the table. */
export function getLanguageName(code: string): string {
  return isLanguageCode(code) ? LANGUAGES[code] : code;
}

/** Code of an English language name, case- and space-insensitive (`' Hindi '` → `hi`); undefined when unknown. */
export function findLanguageCodeByName(name: string): LanguageCode | undefined {
  return LANGUAGE_CODES_BY_NAME[name.trim().toLowerCase()];
}

/** Languages written right to left (Arabic, Hebrew and Thaana scripts). */
export const RTL_LANGUAGE_CODES = [
  'ur',
  'ks',
  'kas-IN',
  'sd',
  'dv',
  'ps',
  'ar',
  'he',
  'fa',
  'ug',
  'yi',
] as const satisfies readonly LanguageCode[];

/** True when text in this language runs right to left (sets `dir="rtl"`). */
export function isRtlLanguage(code: string): boolean {
  return (RTL_LANGUAGE_CODES as readonly string[]).includes(code);
}

/** The `dir` attribute value for a language. */
export function getLanguageDirection(code: string): 'ltr' | 'rtl' {
  return isRtlLanguage(code) ? 'rtl' : 'ltr';
}

/** Default target languages offered by the dashboard, by name, verbatim and in the order of spec §9. */
export const DEFAULT_LANGUAGES = [
  'hindi',
  'marathi',
  'gujarati',
  'malayalam',
  'punjabi',
  'telugu',
  'tamil',
  'bengali',
  'odia',
  'assamese',
  'kannada',
  'urdu',
] as const satisfies readonly IndianLanguageName[];

/** Codes of the default languages, in the same order as DEFAULT_LANGUAGES. */
export const DEFAULT_LANGUAGE_CODES: readonly (typeof INDIAN_LANGUAGE_CODES_BY_NAME)[IndianLanguageName][] =
  DEFAULT_LANGUAGES.map((name) => INDIAN_LANGUAGE_CODES_BY_NAME[name]);

/** Languages the on-screen (Swalekh) keyboard supports: the Indian default languages of spec §9. */
export const KEYBOARD_LANGUAGES: readonly LanguageCode[] = DEFAULT_LANGUAGE_CODES;

/** The 23 transliteration languages of spec §9, verbatim and in order. */
export const TRANSLITERATION_LANGUAGES = [
  'en',
  'hi',
  'od',
  'pa',
  'gu',
  'mr',
  'te',
  'ta',
  'as',
  'bn',
  'ml',
  'kn',
  'ur',
  'mai',
  'bh',
  'sa',
  'kok',
  'ks',
  'kas-IN',
  'mni',
  'brx',
  'ne',
  'sat',
] as const satisfies readonly LanguageCode[];

/** A language the transliteration engine accepts. */
export type TransliterationLanguage = (typeof TRANSLITERATION_LANGUAGES)[number];

/** True when the transliteration engine accepts this code. */
export function isTransliterationLanguage(code: string): code is TransliterationLanguage {
  return (TRANSLITERATION_LANGUAGES as readonly string[]).includes(code);
}
