import { encodeAndroidText } from './escapes';
import { FORMAT_SPECIFIER } from './placeholders';
import { pluralCategories } from '../plural-categories';
import { parseAndroidResources } from './read';
import { AndroidResourceError, type AndroidGroup, type AndroidResourceFile, type AndroidUnit } from './types';
import { PLACEHOLDER_PATTERN } from '../../html/placeholder-syntax';

/** What the written file holds for a unit with no translation. */
export const UNTRANSLATED_POLICIES = ['source', 'omit'] as const;
/** `source`: the source text stays; `omit`: the resource is left out (the app falls back to its base language). */
export type UntranslatedPolicy = (typeof UNTRANSLATED_POLICIES)[number];

/** Options of `writeAndroidResources`. */
export interface WriteAndroidOptions {
  /** Language of the file written: decides the plural categories. */
  readonly language: string;
  /** Default `source` (writing no translations then gives the file back byte for byte). */
  readonly untranslated?: UntranslatedPolicy;
  /** Named in errors when `original` is given as text or bytes. */
  readonly fileName?: string;
}

/** Translations by unit id; a plural's ids use the target language's categories (`name#few`). */
export type AndroidTranslations = ReadonlyMap<string, string> | Readonly<Record<string, string>>;

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The source file with only its translatable text replaced: keys, order, comments, attributes,
 * CDATA, indentation and line endings stay as they were. Plurals get exactly the categories of
 * the target language. Returns the text; `TextEncoder` gives the bytes (a byte order mark is kept).
 */
export function writeAndroidResources(
  original: string | Uint8Array | AndroidResourceFile,
  translations: AndroidTranslations,
  options: WriteAndroidOptions,
): string {
  const file =
    typeof original === 'string' || original instanceof Uint8Array
      ? parseAndroidResources(original, options.fileName === undefined ? {} : { fileName: options.fileName })
      : original;
  const lookup = (id: string): string | undefined =>
    isTranslationMap(translations)
      ? translations.get(id)
      : Object.hasOwn(translations, id)
        ? translations[id]
        : undefined;
  const omit = options.untranslated === 'omit';
  // Nothing to replace and nothing to leave out: the file is its own translation.
  if (!omit && (isTranslationMap(translations) ? translations.size === 0 : isEmpty(translations)))
    return file.source;
  const edits: Edit[] = [];
  const grouped = new Set<AndroidUnit>(file.groups.flatMap((group) => group.units));

  for (const unit of file.units) {
    if (grouped.has(unit) || !unit.translatable) continue;
    const translation = lookup(unit.id);
    if (translation !== undefined) {
      if (translation !== unit.text)
        edits.push({ start: unit.start, end: unit.end, text: encodeUnitText(unit, translation, file) });
    } else if (omit) {
      const element = file.elements.get(unit.id)!;
      edits.push({ ...wholeLines(file.source, element.start, element.end), text: '' });
    }
  }
  for (const group of file.groups) {
    if (!group.translatable || group.units.every((unit) => !unit.translatable)) continue;
    const groupEdits =
      group.kind === 'plurals'
        ? pluralEdits(file, group, lookup, omit, options.language)
        : arrayEdits(file, group, lookup, omit);
    edits.push(...groupEdits);
  }

  edits.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let from = 0;
  for (const edit of edits) {
    pieces.push(file.source.slice(from, edit.start), edit.text);
    from = edit.end;
  }
  pieces.push(file.source.slice(from));
  return pieces.join('');
}

function isEmpty(record: Readonly<Record<string, string>>): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return false;
  return true;
}

function isTranslationMap(translations: AndroidTranslations): translations is ReadonlyMap<string, string> {
  return translations instanceof Map;
}

/** Items of a `<string-array>`: all translated, or the source kept, or (omit) the array left out whole. */
function arrayEdits(
  file: AndroidResourceFile,
  group: AndroidGroup,
  lookup: (id: string) => string | undefined,
  omit: boolean,
): Edit[] {
  const units = group.units.filter((unit) => unit.translatable);
  if (omit && units.some((unit) => lookup(unit.id) === undefined)) {
    return [{ ...wholeLines(file.source, group.start, group.end), text: '' }];
  }
  return units.flatMap((unit) => {
    const translation = lookup(unit.id);
    return translation === undefined || translation === unit.text
      ? []
      : [{ start: unit.start, end: unit.end, text: encodeUnitText(unit, translation, file) }];
  });
}

/**
 * A `<plurals>` element rewritten with exactly the target language's categories, each item keeping
 * the source item's start tag and the element's indentation. Untouched when nothing is translated
 * (source policy), left out when a category lacks a translation (omit policy).
 */
function pluralEdits(
  file: AndroidResourceFile,
  group: AndroidGroup,
  lookup: (id: string) => string | undefined,
  omit: boolean,
  language: string,
): Edit[] {
  const categories = pluralCategories(language);
  const texts = categories.map((category) => lookup(`${group.key}#${category}`));
  const bySource = new Map(
    group.items.flatMap((item) =>
      item.unit ? [[item.unit.quantity!, { unit: item.unit, item }] as const] : [],
    ),
  );
  if (texts.every((text) => text === undefined)) {
    return omit ? [{ ...wholeLines(file.source, group.start, group.end), text: '' }] : [];
  }
  if (omit && texts.some((text) => text === undefined))
    return [{ ...wholeLines(file.source, group.start, group.end), text: '' }];
  if (
    categories.every((category, index) => bySource.get(category)?.unit.text === texts[index]) &&
    categories.length === group.units.length
  ) {
    return [];
  }
  const first = group.items[0]!;
  const last = group.items[group.items.length - 1]!;
  const lead = file.source.slice(group.contentStart, first.start);
  const separator = group.items.length > 1 ? file.source.slice(first.end, group.items[1]!.start) : lead;
  const fallback = bySource.get('other') ?? bySource.get(group.units[group.units.length - 1]!.quantity!)!;
  const items = categories.map((category, index) => {
    const source = bySource.get(category);
    const startTag = (
      source
        ? source.item.startTag
        : fallback.item.startTag.replace(/quantity=(["'])[^"']*\1/, `quantity="${category}"`)
    ).replace(/\s*\/>$/, '>');
    const unit = source?.unit ?? fallback.unit;
    const text = texts[index];
    const content = text === undefined || text === unit.text ? unit.raw : encodeUnitText(unit, text, file);
    return `${startTag}${content}</item>`;
  });
  return [{ start: first.start, end: last.end, text: items.join(separator) }];
}

/** A translation written as the unit's content: markers back to their markup, text escaped for Android. */
export function encodeUnitText(unit: AndroidUnit, translation: string, file?: AndroidResourceFile): string {
  const byId = new Map(unit.placeholders.map((placeholder) => [placeholder.id, placeholder]));
  const formatted =
    unit.formatted !== false && unit.placeholders.some((placeholder) => placeholder.role === 'format');
  const pieces: string[] = [];
  let from = 0;
  const matches = [...translation.matchAll(PLACEHOLDER_PATTERN)];
  const writeText = (text: string, atStart: boolean, atEnd: boolean): void => {
    if (!text) return;
    const literal = formatted
      ? text.replace(/%/g, (percent, offset: number) => (startsSpecifier(text, offset) ? percent : '%%'))
      : text;
    pieces.push(encodeAndroidText(literal, { atStart, atEnd }, unit.cdata));
  };
  for (const match of matches) {
    writeText(translation.slice(from, match.index), from === 0, false);
    const [, slash, digits, selfClose] = match;
    const placeholder = byId.get(Number(digits));
    if (!placeholder) {
      throw new AndroidResourceError(
        `The translation of "${unit.id}" has a placeholder the source lacks (${match[0]})`,
        unit.line,
        file?.fileName,
      );
    }
    if (slash) pieces.push(placeholder.closeRaw ?? '');
    else if (selfClose || placeholder.kind !== 'paired')
      pieces.push(placeholder.raw + (placeholder.closeRaw ?? ''));
    else pieces.push(placeholder.raw);
    from = match.index + match[0].length;
  }
  writeText(translation.slice(from), from === 0, true);
  const content = pieces.join('');
  return unit.cdata ? `<![CDATA[${content}]]>` : content;
}

const SPECIFIER_AT = new RegExp(FORMAT_SPECIFIER.source, 'y');

/** True when a `%` at `offset` begins a format specifier the translator typed. */
function startsSpecifier(text: string, offset: number): boolean {
  SPECIFIER_AT.lastIndex = offset;
  return SPECIFIER_AT.test(text);
}

/** The span of an element with its whole lines when it stands alone on them (so leaving it out leaves no blank line). */
function wholeLines(source: string, start: number, end: number): { start: number; end: number } {
  let lineStart = start;
  while (lineStart > 0 && (source[lineStart - 1] === ' ' || source[lineStart - 1] === '\t')) lineStart--;
  if (lineStart > 0 && source[lineStart - 1] !== '\n') return { start, end };
  let lineEnd = end;
  while (source[lineEnd] === ' ' || source[lineEnd] === '\t') lineEnd++;
  if (source[lineEnd] === '\r') lineEnd++;
  if (source[lineEnd] === '\n') return { start: lineStart, end: lineEnd + 1 };
  return { start, end };
}
