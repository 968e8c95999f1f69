// Languages written right to left (primary subtags), as listed by CLDR's character order data.
const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ku',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/** `rtl` or `ltr` for a BCP 47 language tag. */
export function directionOf(language: string): 'rtl' | 'ltr' {
  const tag = language.toLowerCase();
  // A script subtag wins over the language (ks-Deva, pa-Arab).
  if (/-arab\b|-hebr\b|-thaa\b|-syrc\b/.test(tag)) return 'rtl';
  if (/-(deva|latn|cyrl|guru)\b/.test(tag)) return 'ltr';
  return RTL_LANGUAGES.has(tag.split('-')[0]!) ? 'rtl' : 'ltr';
}
