import { LANGUAGE_CODES, LANGUAGES, isLanguageCode } from '@bhasha/contract';

/** Every language Bhasha translates into, as the pickers offer them: "Hindi (hi)". */
export const LANGUAGE_OPTIONS = LANGUAGE_CODES.map((code) => ({
  value: code,
  label: `${LANGUAGES[code]} (${code})`,
}));

/** A language's name, or its code when the code is not one the platform names. */
export function languageName(code: string): string {
  return isLanguageCode(code) ? LANGUAGES[code] : code;
}
