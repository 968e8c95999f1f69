import {
  DEFAULT_LANGUAGE_CODES,
  LANGUAGES,
  LANGUAGE_CODES,
  LANGUAGE_NATIVE_NAMES,
  type LanguageCode,
} from '@bhasha/contract';

const SOURCE_LANGUAGE: LanguageCode = 'en';

/** Target languages offered at registration: the default Indian languages first, then the rest. */
export function buildTargetLanguageOptions(): { value: LanguageCode; label: string }[] {
  const first = new Set<LanguageCode>(DEFAULT_LANGUAGE_CODES);
  const ordered = [
    ...DEFAULT_LANGUAGE_CODES,
    ...LANGUAGE_CODES.filter((code) => !first.has(code) && code !== SOURCE_LANGUAGE),
  ];
  return ordered.map((code) => {
    const native = LANGUAGE_NATIVE_NAMES[code];
    const name = LANGUAGES[code];
    return { value: code, label: native && native !== name ? `${name} · ${native}` : name };
  });
}
