export { countWords, countCharacters } from './words/count-words';
export { extractSegments } from './html/extract-segments';
export { SegmentAssembler, compileIgnorePatterns } from './html/segment-assembler';
export { parseIgnorePatternSettings } from './html/ignore-pattern-settings';
export type { SegmentListener } from './html/segment-assembler';
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
  SegmentFact,
  SourceText,
} from './html/segment-types';
export { sourceHash } from './html/source-hash';
export { TextFactsMemo } from './html/text-facts';
export type { TextFacts } from './html/text-facts';
export { sha256Hex } from './html/sha256';
export { normaliseSourceText, collapseHtmlWhitespace } from './html/normalise-text';
export { escapeHtmlText, escapeHtmlAttribute, serialiseStartTag, serialiseEndTag } from './html/escape-html';
export { VOID_ELEMENTS, INLINE_ELEMENTS } from './html/html-elements';
export { parseSelectorList, isSupportedSelector, matchesSelector } from './html/css-selector';
export type { SelectorList, SelectorElement } from './html/css-selector';
export { extractLinks, LinkCollector } from './html/extract-links';
export { extractPage, extractPageFacts } from './html/extract-page';
export type { ExtractedPage, ExtractedPageFacts } from './html/extract-page';
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
export { FuzzyIndex, FuzzyIndexBuilder, MAX_FUZZY_LENGTH } from './tm/fuzzy-index';
export { SegmentedFuzzyIndex } from './tm/segmented-fuzzy-index';
export type { SegmentedFuzzyIndexStats, SegmentPolicy } from './tm/segmented-fuzzy-index';
export { TextStore } from './tm/text-store';
export type { TextStoreOptions } from './tm/text-store';
export type { FuzzyEntry, FuzzyMatch, FuzzyQueryOptions } from './tm/fuzzy-index';
export { FuzzyBuildHelperError, TWO_THREADS_FROM } from './tm/two-thread-build';
export type { FuzzyBuildThread, TwoThreadBuildOptions } from './tm/two-thread-build';
export { serveFuzzyBuildHelper } from './tm/fuzzy-build-helper';
export type { HelperPort as FuzzyBuildHelperPort } from './tm/fuzzy-build-protocol';
export { normaliseFuzzyText, fuzzyScore, maxDistanceFor } from './tm/fuzzy-text';
export { LevenshteinPattern, levenshtein } from './tm/bounded-levenshtein';
export { diffWords } from './tm/word-diff';
export type { DiffSpan } from './tm/word-diff';
export { readTmx, readTmxChunks, parseTmxText, TmxPushParser } from './formats/tmx/read';
export { writeTmx, tmxPrologue, tmxUnitXml, segmentXml, TMX_EPILOGUE } from './formats/tmx/write';
export { TmxError, DEFAULT_TMX_LIMITS } from './formats/tmx/types';
export type {
  TmxCode,
  TmxCodeKind,
  TmxEvent,
  TmxHeader,
  TmxLimits,
  TmxProperty,
  TmxSegment,
  TmxUnit,
  TmxVariant,
} from './formats/tmx/types';
export { planPage } from './html/page-plan';
export type { PagePlan, TagPlan, TextPlan } from './html/page-plan';
export { renderPage } from './html/render-page';
export type { RenderPageOptions } from './html/render-page';
export { rewriteStartTag } from './html/start-tag-rewrite';
export { parseCsv, CsvFormatError, unguardCsvCell } from './formats/csv/read';
export type { ParseCsvOptions } from './formats/csv/read';
export { csvField, toCsv } from './formats/csv/write';
export { zipStream } from './formats/zip/write';
export type { ZipMember } from './formats/zip/write';
export { xlsxStream } from './formats/xlsx/write';
export {
  readJsonI18n,
  JsonI18nError,
  jsonPointer,
  DEFAULT_JSON_I18N_MAX_LENGTH,
} from './formats/json-i18n/read';
export type {
  JsonI18nDocument,
  JsonI18nLayout,
  JsonI18nUnit,
  ReadJsonI18nOptions,
} from './formats/json-i18n/read';
export { writeJsonI18n } from './formats/json-i18n/write';
export type { WriteJsonI18nOptions } from './formats/json-i18n/write';
export { icuBlocks, withPluralCategories } from './formats/json-i18n/icu';
export { placeholdersOf as jsonPlaceholdersOf } from './formats/json-i18n/placeholders';
export { rewriteCssUrls, rewriteSrcset } from './html/css-urls';
export type { UrlRewrite } from './html/css-urls';
export { parseAndroidResources, decodeAndroidBytes } from './formats/android/read';
export type { ParseAndroidOptions } from './formats/android/read';
export { writeAndroidResources, encodeUnitText, UNTRANSLATED_POLICIES } from './formats/android/write';
export type { WriteAndroidOptions, AndroidTranslations, UntranslatedPolicy } from './formats/android/write';
export { pluralCategories, PLURAL_CATEGORIES, isPluralCategory } from './formats/plural-categories';
export type { PluralCategory } from './formats/plural-categories';
export {
  parseValuesQualifier,
  languageCodeForQualifier,
  qualifierForLanguageCode,
} from './formats/android/qualifiers';
export type { QualifierLocale } from './formats/android/qualifiers';
export { checkAaptStringRules, AAPT_RULES } from './formats/android/aapt-rules';
export type { AaptIssue, AaptRule } from './formats/android/aapt-rules';
export { FORMAT_SPECIFIER as JAVA_FORMAT_SPECIFIER } from './formats/android/placeholders';
export { AndroidResourceError, DEFAULT_ANDROID_LIMITS, ANDROID_UNIT_KINDS } from './formats/android/types';
export type {
  AndroidGroup,
  AndroidLimits,
  AndroidPlaceholder,
  AndroidPlaceholderRole,
  AndroidResourceFile,
  AndroidUnit,
  AndroidUnitKind,
} from './formats/android/types';
export { parseStrings, DEFAULT_STRINGS_MAX_BYTES } from './formats/ios-strings/read';
export type { StringsFile, StringsEntry, ParseStringsOptions } from './formats/ios-strings/read';
export { writeStrings } from './formats/ios-strings/write';
export { IosFormatError, iosUnitId } from './formats/ios-strings/types';
export type { IosUnit, IosPlaceholder } from './formats/ios-strings/types';
export {
  protectSpecifiers,
  protectSpecifiersLike,
  restoreSpecifiers,
} from './formats/ios-strings/format-specifiers';
export { languageOfLprojFolder, lprojFolderOf } from './formats/ios-strings/lproj-folder';
export type { TextEncodingInfo } from './formats/ios-strings/text-encoding';
export {
  parseStringsdict,
  DEFAULT_STRINGSDICT_MAX_BYTES,
  FORMAT_KEY as STRINGSDICT_FORMAT_KEY,
} from './formats/stringsdict/read';
export type {
  StringsdictFile,
  StringsdictEntry,
  StringsdictVariable,
  StringsdictForm,
  ParseStringsdictOptions,
} from './formats/stringsdict/read';
export { writeStringsdict } from './formats/stringsdict/write';
export {
  parseXcstrings,
  xcstringsImports,
  XCSTRINGS_STATES,
  DEFAULT_XCSTRINGS_MAX_BYTES,
} from './formats/xcstrings/read';
export type {
  XcstringsFile,
  XcstringsUnit,
  XcstringsImport,
  ParseXcstringsOptions,
} from './formats/xcstrings/read';
export { writeXcstrings } from './formats/xcstrings/write';
export type { WriteXcstringsOptions, XcstringsWriteState } from './formats/xcstrings/write';
export { pairBesideTranslations } from './formats/ios-strings/beside-translations';
export type { BesideTranslation } from './formats/ios-strings/beside-translations';
export {
  pluralMessage,
  pluralForms,
  quoteIcuLiteral,
  unquoteIcuLiteral,
} from './formats/resource-files/plural-message';
export { RESOURCE_FORMATS, ResourceFileError } from './formats/resource-files/types';
export type {
  ArchiveEntry,
  ArchiveLimits,
  MissingTranslation,
  ResourceFile,
  ResourceFormat,
  ResourceUnit,
  WriteResourceOptions,
} from './formats/resource-files/types';
export { detectResourceFormat } from './formats/resource-files/detect';
export { readResourceFile } from './formats/resource-files/read';
export { writeResourceFile } from './formats/resource-files/write';
export { resourcePathForLanguage, languageOfResourcePath } from './formats/resource-files/paths';
export { resourceFilesOfUpload } from './formats/resource-files/archive';
export type { UploadedResourceFiles } from './formats/resource-files/archive';
export { readZip, ZipFormatError, DEFAULT_ARCHIVE_LIMITS } from './formats/zip/read';
