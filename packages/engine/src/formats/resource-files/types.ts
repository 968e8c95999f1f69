/**
 * One face for the string-resource codecs (Android, `.strings`, `.stringsdict`, `.xcstrings`,
 * JSON i18n): the server stores, translates and exports app and JSON files through these types
 * only, never through a codec's own shapes. ADR 0047.
 */

/** The formats a resource file can be in. */
export const RESOURCE_FORMATS = ['android', 'ios-strings', 'stringsdict', 'xcstrings', 'json'] as const;
export type ResourceFormat = (typeof RESOURCE_FORMATS)[number];

/**
 * A translatable text of a resource file, as translators and the segment store see it.
 *
 * A plural (Android `<plurals>`, a stringsdict variable, a String Catalog plural variation, an
 * i18next `_one/_other` key group) is ONE unit whose `text` is an ICU plural message,
 * `{count, plural, one {…} other {…}}`, with the source's categories; its translation is an ICU
 * plural message with the target language's categories. Everything else is plain text with
 * protected pieces as `<xN/>` / `<xN>…</xN>` markers, as website segments have them.
 */
export interface ResourceUnit {
  /** Unique in the file and stable across versions of it: the key a translation is handed back under. */
  readonly id: string;
  /** The key a developer knows the string by (`app_name`, `files_count`, `/settings/title`). */
  readonly key: string;
  readonly text: string;
  /** True when `text` is an ICU plural message (see above). */
  readonly plural: boolean;
  /** What the developer wrote for translators: comments, descriptions, `tools:` hints. */
  readonly comment?: string;
  /** Longest translation allowed, in characters (an attribute, or a "max N chars" comment hint). */
  readonly maxLength?: number;
  /** The protected pieces exactly as the file has them (`%1$s`, `%@`, `<b>`), in marker order: QA compares these. */
  readonly placeholders: readonly string[];
  /** 1-based line of the text in the file. */
  readonly line: number;
}

/** A parsed source file: what can be translated in it, and translations it already carries. */
export interface ResourceFile {
  readonly format: ResourceFormat;
  readonly fileName: string;
  /** Translatable units only, in file order. */
  readonly units: readonly ResourceUnit[];
  /**
   * Translations found in the file itself (a String Catalog holds every language), by language
   * and unit id; empty for single-language formats.
   */
  readonly translations: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Things the developer should know that do not stop the import (a duplicate key: the last wins, as Xcode does). */
  readonly warnings: readonly string[];
}

/** What a written file holds for a unit with no translation. */
export type MissingTranslation = 'source' | 'omit';

export interface WriteResourceOptions {
  /** Language of the translations: decides plural categories and, for a catalog, where they go. */
  readonly language: string;
  /** The source file's language (a String Catalog's `sourceLanguage`). */
  readonly sourceLanguage: string;
  /** Default `source`. */
  readonly missing?: MissingTranslation;
}

/** A file Bhasha cannot read or refuses, with the file and line at fault. */
export class ResourceFileError extends Error {
  override readonly name = 'ResourceFileError';
  constructor(
    readonly fileName: string,
    readonly line: number | undefined,
    readonly reason: string,
  ) {
    super(line === undefined ? `${fileName}: ${reason}` : `${fileName}:${line}: ${reason}`);
  }
}

/** A file inside an uploaded archive (or a single uploaded file), by its path in the archive. */
export interface ArchiveEntry {
  readonly path: string;
  readonly bytes: Uint8Array;
}

/** Limits on an uploaded archive: the whole, each member, members, expansion ratio. */
export interface ArchiveLimits {
  readonly maxEntries: number;
  readonly maxEntryBytes: number;
  readonly maxTotalBytes: number;
  /** Largest uncompressed / compressed ratio of a member (zip bombs). */
  readonly maxRatio: number;
}
