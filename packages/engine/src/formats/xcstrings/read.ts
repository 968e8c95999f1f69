import { protectSpecifiers, protectSpecifiersLike } from '../ios-strings/format-specifiers';
import { isPluralCategory } from '../plural-categories';
import { IosFormatError, iosUnitId, type IosPlaceholder, type IosUnit } from '../ios-strings/types';
import { jsonMember, jsonString, parseOrderedJson, type JsonNode, type JsonObject } from './ordered-json';

/** String Catalog states of a `stringUnit`. */
export const XCSTRINGS_STATES = ['new', 'translated', 'needs_review', 'stale'] as const;

/** A unit of a String Catalog, with the catalog's own bookkeeping. */
export interface XcstringsUnit extends IosUnit {
  /** `extractionState` of the key (`manual`, `stale`, `extracted_with_value`…). */
  readonly extractionState?: string;
  /** `state` of the source language's `stringUnit`, when it has one. */
  readonly state?: string;
}

/** A translation of another language found in the catalog, to seed the translation memory. */
export interface XcstringsImport {
  /** The catalog's language tag (`hi`, `pa-IN`, `zh-Hans`). */
  readonly language: string;
  /** The id of the source unit it translates (a plural category the source lacks: its own id). */
  readonly unitId: string;
  readonly key: string;
  readonly path: readonly string[];
  /** The text with the source unit's markers. */
  readonly text: string;
  readonly placeholders: readonly IosPlaceholder[];
  readonly state?: string;
}

/** A parsed `.xcstrings` file. */
export interface XcstringsFile {
  readonly file: string;
  readonly sourceLanguage: string;
  /** The decoded text; untouched parts of the catalog are written back from it. */
  readonly text: string;
  /** A copy of the bytes read: what a write that changes nothing gives back. */
  readonly bytes: Uint8Array;
  readonly root: JsonObject;
  /** Whitespace after the JSON (Xcode writes none). */
  readonly trailing: string;
  readonly units: readonly XcstringsUnit[];
  /** Keys marked `shouldTranslate: false`: no units, written back untouched. */
  readonly skippedKeys: readonly string[];
}

export interface ParseXcstringsOptions {
  /** Bytes allowed; a larger file is refused. */
  readonly maxBytes?: number;
}

/** Default size limit of a String Catalog (they hold every language: large catalogs pass 4 MiB). */
export const DEFAULT_XCSTRINGS_MAX_BYTES = 64 * 1024 * 1024;

// Reused: a decoder keeps no state between whole-input `decode` calls, and building one is not free.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a String Catalog (Xcode 15 `.xcstrings`: JSON with `sourceLanguage`, `version` and
 * `strings` → key → `comment`, `extractionState`, `shouldTranslate`, `localizations` → language →
 * `stringUnit` {state, value}, `variations` (`plural`, `device`) and `substitutions`). A key with
 * no source-language entry is its own source text.
 */
export function parseXcstrings(
  bytes: Uint8Array,
  file: string,
  options: ParseXcstringsOptions = {},
): XcstringsFile {
  const maxBytes = options.maxBytes ?? DEFAULT_XCSTRINGS_MAX_BYTES;
  if (bytes.length > maxBytes) throw new IosFormatError(file, 1, `the file is larger than ${maxBytes} bytes`);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new IosFormatError(file, 1, 'the file is not valid UTF-8');
  }
  const { root, trailing } = parseOrderedJson(text, file);
  const sourceLanguage = jsonString(root, 'sourceLanguage');
  const strings = jsonMember(root, 'strings');
  if (root.kind !== 'object' || sourceLanguage === undefined || strings?.kind !== 'object')
    throw new IosFormatError(file, 1, 'not a String Catalog: "sourceLanguage" or "strings" is missing');

  const units: XcstringsUnit[] = [];
  const skippedKeys: string[] = [];
  for (const [key, entry] of strings.entries) {
    if (isNotTranslatable(entry)) {
      skippedKeys.push(key);
      continue;
    }
    units.push(...unitsOfKey(key, entry, sourceLanguage));
  }
  return { file, sourceLanguage, text, bytes: bytes.slice(), root, trailing, units, skippedKeys };
}

/**
 * The translations of the catalog's other languages (every non-empty `stringUnit` that has a
 * source unit), to seed the translation memory; apart from parsing because an export needs none.
 */
export function xcstringsImports(file: XcstringsFile): XcstringsImport[] {
  const unitsByKey = new Map<string, XcstringsUnit[]>();
  for (const unit of file.units) unitsByKey.set(unit.key, [...(unitsByKey.get(unit.key) ?? []), unit]);
  const strings = jsonMember(file.root, 'strings');
  if (strings?.kind !== 'object') return [];
  return strings.entries.flatMap(([key, entry]) => {
    const keyUnits = unitsByKey.get(key);
    return keyUnits ? importsOfKey(key, entry, file.sourceLanguage, keyUnits) : [];
  });
}

/** True for a key marked `"shouldTranslate" : false`. */
export function isNotTranslatable(entry: JsonNode): boolean {
  const flag = jsonMember(entry, 'shouldTranslate');
  return flag?.kind === 'literal' && flag.raw === 'false';
}

/** A `stringUnit` met while walking a localization, with its path below the key. */
interface Leaf {
  readonly path: string[];
  readonly value: string;
  readonly state?: string;
}

/** Every `stringUnit` of a localization: plain, below `variations.<plural|device>.<name>`, and in `substitutions.<name>`. */
export function localizationLeaves(node: JsonNode | undefined, path: string[] = []): Leaf[] {
  if (node?.kind !== 'object') return [];
  const leaves: Leaf[] = [];
  const stringUnit = jsonMember(node, 'stringUnit');
  const value = jsonString(stringUnit, 'value');
  if (value !== undefined) {
    const state = jsonString(stringUnit, 'state');
    leaves.push({ path, value, ...(state === undefined ? {} : { state }) });
  }
  const substitutions = jsonMember(node, 'substitutions');
  if (substitutions?.kind === 'object')
    for (const [name, substitution] of substitutions.entries)
      leaves.push(...localizationLeaves(substitution, [...path, 'substitutions', name]));
  const variations = jsonMember(node, 'variations');
  if (variations?.kind === 'object')
    for (const [kind, options] of variations.entries)
      if (options.kind === 'object')
        for (const [name, child] of options.entries)
          leaves.push(...localizationLeaves(child, [...path, kind, name]));
  return leaves;
}

function pluralCategoryOf(path: readonly string[]): string | undefined {
  const category = path.at(-1);
  return path.at(-2) === 'plural' && category !== undefined && isPluralCategory(category)
    ? category
    : undefined;
}

function unitsOfKey(key: string, entry: JsonNode, sourceLanguage: string): XcstringsUnit[] {
  const comment = jsonString(entry, 'comment');
  const extractionState = jsonString(entry, 'extractionState');
  const source = jsonMember(jsonMember(entry, 'localizations'), sourceLanguage);
  const leaves: Leaf[] = source === undefined ? [{ path: [], value: key }] : localizationLeaves(source);
  return leaves.map((leaf) => {
    const { text, placeholders } = protectSpecifiers(leaf.value);
    const category = pluralCategoryOf(leaf.path);
    return {
      id: iosUnitId(key, leaf.path),
      key,
      path: leaf.path,
      text,
      placeholders,
      line: 1,
      ...(category === undefined ? {} : { pluralCategory: category }),
      ...(comment === undefined ? {} : { comment }),
      ...(extractionState === undefined ? {} : { extractionState }),
      ...(leaf.state === undefined ? {} : { state: leaf.state }),
    };
  });
}

/** The source unit a path of another language translates: the same path, or the `other` form of its plural. */
export function sourceUnitFor<Unit extends IosUnit>(
  units: ReadonlyMap<string, Unit>,
  key: string,
  path: readonly string[],
): Unit | undefined {
  const same = units.get(iosUnitId(key, path));
  if (same || pluralCategoryOf(path) === undefined) return same;
  return units.get(iosUnitId(key, [...path.slice(0, -1), 'other']));
}

function importsOfKey(
  key: string,
  entry: JsonNode,
  sourceLanguage: string,
  keyUnits: XcstringsUnit[],
): XcstringsImport[] {
  const localizations = jsonMember(entry, 'localizations');
  if (localizations?.kind !== 'object') return [];
  const unitsById = new Map(keyUnits.map((unit) => [unit.id, unit]));
  const imports: XcstringsImport[] = [];
  for (const [language, localization] of localizations.entries) {
    if (language === sourceLanguage) continue;
    for (const leaf of localizationLeaves(localization)) {
      const source = sourceUnitFor(unitsById, key, leaf.path);
      if (!source || leaf.value === '') continue;
      const { text, placeholders } = protectSpecifiersLike(leaf.value, source.placeholders);
      imports.push({
        language,
        unitId: iosUnitId(key, leaf.path),
        key,
        path: leaf.path,
        text,
        placeholders,
        ...(leaf.state === undefined ? {} : { state: leaf.state }),
      });
    }
  }
  return imports;
}
