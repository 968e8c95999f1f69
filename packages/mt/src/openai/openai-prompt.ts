import type { WireSegment } from '../core/batch-provider';
import { languageName } from '../core/language-map';

/** Chat messages asking a model to translate a list of texts as a JSON array. */
export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Builds the prompt: translate every item, answer with a JSON array of the same length, copy each
 * `<xN>`/`</xN>`/`<xN/>` placeholder exactly once, and treat glossary placeholders as fixed terms.
 */
export function buildTranslationPrompt(
  segments: readonly WireSegment[],
  sourceLang: string,
  targetLang: string,
  instructions?: string,
): ChatMessage[] {
  const source = languageName(sourceLang);
  const target = languageName(targetLang);
  const glossaryLines = segments.flatMap((segment, index) =>
    segment.masks.map(
      (mask) =>
        `- item ${index + 1}: ${mask.token} stands for "${mask.replacement}", which must appear exactly like that in the translation`,
    ),
  );
  const rules = [
    `You are a professional translator. Translate each string of the JSON array the user sends from ${source} (${sourceLang}) to ${target} (${targetLang}).`,
    'Rules:',
    `1. Answer with only a JSON array of strings: exactly ${segments.length} item(s), in the same order, with no comments, keys or code fences.`,
    '2. Tags such as <x1>, </x1> and <x2/> are formatting placeholders. Copy every one of them exactly once, unchanged, and keep each pair around the words that correspond to the words it wraps in the source. Never add, drop, renumber or translate a placeholder.',
    '3. Keep numbers, URLs, e-mail addresses and code unchanged. Keep the tone and punctuation style of the source.',
    '4. If an item is already in the target language or cannot be translated, return it unchanged.',
  ];
  if (glossaryLines.length > 0)
    rules.push(
      '5. Fixed terms (keep these placeholders exactly where the term belongs in the sentence):',
      ...glossaryLines,
    );
  if (instructions) rules.push(`Additional instructions: ${instructions}`);
  return [
    { role: 'system', content: rules.join('\n') },
    { role: 'user', content: JSON.stringify(segments.map((segment) => segment.text)) },
  ];
}
