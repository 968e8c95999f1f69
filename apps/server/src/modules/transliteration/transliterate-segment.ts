import { TRANSLIT_LANGUAGE_CODES, translatePluralMessage, transliterate } from '@bhasha/engine';

/** Placeholders of segment text (`<x1>`, `</x1>`, `<x2/>`): carried over untouched. */
const PLACEHOLDER = /(<\/?x\d+\/?>)/;
/** A word as the engine reads it: letters and marks, with inner apostrophes. */
const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*/gu;

/** Whether the built-in engine writes this language (spec §9 transliteration languages). */
export function isTransliterationLanguage(code: string): boolean {
  return TRANSLIT_LANGUAGE_CODES.includes(code);
}

/** Which engine mode a project's source language calls for: English words, or script conversion. */
export function transliterationSource(sourceLang: string): string | undefined {
  if (sourceLang === 'en' || sourceLang.startsWith('en-')) return 'en';
  return isTransliterationLanguage(sourceLang) ? sourceLang : undefined;
}

interface TransliterateSegmentOptions {
  to: string;
  from?: string;
  customPairs: ReadonlyMap<string, string>;
}

/**
 * Writes a segment's text in the target script word by word, keeping placeholders, digits,
 * spaces and punctuation. `customPairs` (lower-case source word → target) win over the engine.
 * A plural (an ICU plural message) has each form written so and comes back with the target
 * language's plural categories; its ICU syntax is never transliterated.
 */
export function transliterateSegment(text: string, options: TransliterateSegmentOptions): string {
  return (
    translatePluralMessage(text, options.to, (form) => transliterateText(form, options)) ??
    transliterateText(text, options)
  );
}

function transliterateText(text: string, options: TransliterateSegmentOptions): string {
  return text
    .split(PLACEHOLDER)
    .map((part) =>
      PLACEHOLDER.test(part)
        ? part
        : part.replace(WORD, (word) => {
            const custom = options.customPairs.get(word.toLowerCase());
            if (custom !== undefined) return custom;
            const candidates = transliterate(word.replace(/['’]/gu, ''), {
              to: options.to,
              ...(options.from ? { from: options.from } : {}),
              count: 1,
            });
            return candidates[0] ?? word;
          }),
    )
    .join('');
}
