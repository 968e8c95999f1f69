/**
 * Android resource folder qualifiers for languages (developer.android.com "App resources overview",
 * table 2: `values-hi`, `values-kn-rIN`, and BCP 47 `values-b+sr+Latn`) and the language codes of
 * Bhasha's fixed table (packages/contract `LANGUAGES`).
 */

/** The language of a folder qualifier as a BCP 47 tag (`kn-IN`, `sr-Latn`). */
export interface QualifierLocale {
  readonly language: string;
  readonly script?: string;
  readonly region?: string;
  readonly tag: string;
}

/** Codes Android (and old Java) spell differently from Bhasha's table. */
const ANDROID_TO_CODE: Readonly<Record<string, string>> = {
  iw: 'he',
  in: 'id',
  ji: 'yi',
  or: 'od',
  nb: 'no',
  tl: 'fil',
};
const CODE_TO_ANDROID: Readonly<Record<string, string>> = { od: 'or' };
/** Chinese written without a region or with a script: the table has `zh-CN` and `zh-TW`. */
const CHINESE: Readonly<Record<string, string>> = {
  zh: 'zh-CN',
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  'zh-HK': 'zh-TW',
  'zh-MO': 'zh-TW',
};

/**
 * The locale of a resource folder (`values-kn-rIN`, `values-b+sr+Latn`, `values-hi-night`), or
 * undefined for a folder without one (`values`, `values-night`, `values-v21`). Mobile country
 * and network codes may come first, as Android orders qualifiers.
 */
export function parseValuesQualifier(folder: string): QualifierLocale | undefined {
  const parts = folder.split('/').filter(Boolean).pop()?.split('-') ?? [];
  if (parts.shift() !== 'values') return undefined;
  while (parts[0] && /^(mcc|mnc)\d+$/i.test(parts[0])) parts.shift();
  const first = parts[0];
  if (!first) return undefined;
  if (first.startsWith('b+')) {
    const [language, ...rest] = first.slice(2).split('+');
    if (!language || !/^[a-zA-Z]{2,3}$/.test(language)) return undefined;
    const script = rest.find((part) => /^[a-zA-Z]{4}$/.test(part));
    const region = rest.find((part) => /^([a-zA-Z]{2}|\d{3})$/.test(part));
    return locale(language, script, region);
  }
  if (!/^[a-zA-Z]{2,3}$/.test(first) || first.toLowerCase() === 'car') return undefined;
  const region = parts[1] && /^r[A-Z]{2}$/.test(parts[1]) ? parts[1].slice(1) : undefined;
  return locale(first, undefined, region);
}

function locale(language: string, script?: string, region?: string): QualifierLocale {
  const lower = language.toLowerCase();
  const title = script ? script[0]!.toUpperCase() + script.slice(1).toLowerCase() : undefined;
  const upper = region?.toUpperCase();
  const tag = [lower, title, upper].filter(Boolean).join('-');
  return { language: lower, ...(title ? { script: title } : {}), ...(upper ? { region: upper } : {}), tag };
}

/**
 * The code of Bhasha's language table for a resource folder: the most specific spelling the table
 * has (`values-kas-rIN` → `kas-IN`, `values-kn-rIN` → `kn`, `values-b+mni+Mtei` → `mni-Mtei`,
 * `values-or` → `od`), or undefined when the folder names no language or one the table lacks.
 */
export function languageCodeForQualifier(folder: string, knownCodes: readonly string[]): string | undefined {
  const parsed = parseValuesQualifier(folder);
  if (!parsed) return undefined;
  const language = ANDROID_TO_CODE[parsed.language] ?? parsed.language;
  const candidates = [
    [language, parsed.script, parsed.region],
    [language, parsed.script],
    [language, parsed.region],
    [language],
  ].map((parts) => parts.filter(Boolean).join('-'));
  const known = new Map(knownCodes.map((code) => [code.toLowerCase(), code]));
  for (const candidate of candidates) {
    const code = known.get(candidate.toLowerCase()) ?? known.get(CHINESE[candidate]?.toLowerCase() ?? '');
    if (code) return code;
  }
  return undefined;
}

/**
 * The resource folder for a language code of Bhasha's table: `hi` → `values-hi`, `zh-CN` →
 * `values-zh-rCN`, `kas-IN` → `values-kas-rIN`, `mni-Mtei` → `values-b+mni+Mtei` (a script needs
 * the BCP 47 form), `od` → `values-or`.
 */
export function qualifierForLanguageCode(code: string): string {
  const [language = code, ...rest] = code.split('-');
  const android = CODE_TO_ANDROID[language] ?? language;
  const script = rest.find((part) => part.length === 4);
  const region = rest.find((part) => part.length === 2 || /^\d{3}$/.test(part));
  if (script || (region && /^\d{3}$/.test(region))) {
    return `values-b+${[android, script, region].filter(Boolean).join('+')}`;
  }
  return region ? `values-${android}-r${region.toUpperCase()}` : `values-${android}`;
}
