export { countWords, countCharacters } from './words/count-words';
export { extractSegments } from './html/extract-segments';
export { restoreSegment, findPlaceholderIssues } from './html/restore-segment';
export {
  stripPlaceholders,
  findPlaceholderTokens,
  formatPlaceholder,
  PLACEHOLDER_PATTERN,
} from './html/placeholder-syntax';
export type { PlaceholderToken } from './html/placeholder-syntax';
export { SEGMENT_KINDS, PLACEHOLDER_KINDS } from './html/segment-types';
export type {
  Segment,
  SegmentKind,
  Placeholder,
  PlaceholderKind,
  ExtractOptions,
} from './html/segment-types';
export { sourceHash } from './html/source-hash';
export { sha256Hex } from './html/sha256';
export { normaliseSourceText, collapseHtmlWhitespace } from './html/normalise-text';
export { escapeHtmlText, escapeHtmlAttribute } from './html/escape-html';
export { parseSelectorList, isSupportedSelector, matchesSelector } from './html/css-selector';
export type { SelectorList, SelectorElement } from './html/css-selector';
export { extractLinks } from './html/extract-links';
export type { PageLinks } from './html/extract-links';
export {
  transliterate,
  transliterateText,
  setWordListLoader,
  loadedTranslitData,
} from './translit/transliterate';
export type { TransliterateOptions, WordListLoader } from './translit/transliterate';
export { convertScript, detectScript } from './translit/script-convert';
export { TRANSLIT_LANGUAGES, TRANSLIT_LANGUAGE_CODES, getTranslitLanguage } from './translit/languages';
export type { TranslitLanguage, Script as TranslitScript } from './translit/languages';
