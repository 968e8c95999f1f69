import { restoreSpecifiers } from '../ios-strings/format-specifiers';
import { pluralCategories } from '../plural-categories';
import { iosUnitId } from '../ios-strings/types';
import { jsonMember, jsonString, type JsonNode, type JsonObject } from './ordered-json';
import { isNotTranslatable, sourceUnitFor, type XcstringsFile, type XcstringsUnit } from './read';
import { compareXcodeKeys, writeXcodeJson } from './xcode-json';

/** State given to the `stringUnit`s a write adds or changes. */
export type XcstringsWriteState = 'translated' | 'needs_review';

export interface WriteXcstringsOptions {
  /** `translated` (default) for human work, `needs_review` for machine output. */
  readonly state?: XcstringsWriteState;
}

/**
 * The String Catalog with `language`'s localizations added or updated from `translations` (unit
 * id → text with `<xN/>` markers) and everything else as it was, serialised as Xcode does, so an
 * untouched catalog is byte-identical. Plural variations get exactly the language's CLDR
 * categories (a category the source lacks: its own unit id, else the `other` translation, with
 * the markers of the source's `other` form). Keys with `shouldTranslate: false` are left alone;
 * an untranslated text keeps what the catalog had for the language, or stays absent.
 */
export function writeXcstrings(
  file: XcstringsFile,
  translations: ReadonlyMap<string, string>,
  language: string,
  options: WriteXcstringsOptions = {},
): Uint8Array {
  // With no translation nothing is rebuilt, and a catalog that starts with its JSON (no byte order
  // mark, no leading space, which the serialiser does not write) is written back as it came.
  if (translations.size === 0 && file.root.start === 0 && !startsWithBom(file.bytes))
    return file.bytes.slice();
  const writer = new LocalizationWriter(file, translations, language, options.state ?? 'translated');
  const strings = jsonMember(file.root, 'strings') as JsonObject;
  const entries = strings.entries.map(([key, entry]): [string, JsonNode] => [
    key,
    writer.updateKey(key, entry),
  ]);
  const changed = entries.some(([, entry], index) => entry !== strings.entries[index]![1]);
  const root = changed ? withMember(file.root, 'strings', { kind: 'object', entries }) : file.root;
  return UTF8.encode(writeXcodeJson(root, '', file.text) + file.trailing);
}

const UTF8 = new TextEncoder();

function startsWithBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

class LocalizationWriter {
  private readonly unitsById: ReadonlyMap<string, XcstringsUnit>;
  private readonly categories: readonly string[];

  constructor(
    private readonly file: XcstringsFile,
    private readonly translations: ReadonlyMap<string, string>,
    private readonly language: string,
    private readonly state: XcstringsWriteState,
  ) {
    this.unitsById = new Map(file.units.map((unit) => [unit.id, unit]));
    this.categories = pluralCategories(language);
  }

  updateKey(key: string, entry: JsonNode): JsonNode {
    if (entry.kind !== 'object' || isNotTranslatable(entry)) return entry;
    const localizations = jsonMember(entry, 'localizations');
    const source = jsonMember(localizations, this.file.sourceLanguage);
    const existing = jsonMember(localizations, this.language);
    const built =
      source === undefined ? this.buildKeyAsText(key, existing) : this.buildNode(key, source, [], existing);
    if (built === undefined || built === existing) return entry;
    const base: JsonObject =
      localizations?.kind === 'object' ? localizations : { kind: 'object', entries: [] };
    return withMember(entry, 'localizations', withMember(base, this.language, built));
  }

  /** A key with no source-language entry: the key is the text, the translation a plain `stringUnit`. */
  private buildKeyAsText(key: string, existing: JsonNode | undefined): JsonNode | undefined {
    const stringUnit = this.buildStringUnit(key, [], jsonMember(existing, 'stringUnit'));
    if (stringUnit === undefined || stringUnit === jsonMember(existing, 'stringUnit')) return existing;
    return sameOrNew(existing, [['stringUnit', stringUnit]]);
  }

  /** The target language's node mirroring a source node (localization, substitution or variation). */
  private buildNode(
    key: string,
    source: JsonNode,
    path: string[],
    existing: JsonNode | undefined,
  ): JsonNode | undefined {
    if (source.kind !== 'object') return existing;
    const members: [string, JsonNode][] = [];
    let changed = false;
    for (const [name, value] of source.entries) {
      let built: JsonNode | undefined;
      if (name === 'stringUnit') built = this.buildStringUnit(key, path, jsonMember(existing, name));
      else if (name === 'substitutions')
        built = this.buildChildren(key, value, [...path, 'substitutions'], jsonMember(existing, name));
      else if (name === 'variations')
        built = this.buildVariations(key, value, path, jsonMember(existing, name));
      else {
        members.push([name, value]);
        continue;
      }
      if (built !== jsonMember(existing, name)) changed = true;
      if (built !== undefined) members.push([name, built]);
    }
    return changed ? sameOrNew(existing, members) : existing;
  }

  private buildChildren(
    key: string,
    source: JsonNode,
    path: string[],
    existing: JsonNode | undefined,
  ): JsonNode | undefined {
    if (source.kind !== 'object') return existing;
    const members: [string, JsonNode][] = [];
    let changed = false;
    for (const [name, child] of source.entries) {
      const built = this.buildNode(key, child, [...path, name], jsonMember(existing, name));
      if (built !== jsonMember(existing, name)) changed = true;
      if (built !== undefined) members.push([name, built]);
    }
    return changed ? sameOrNew(existing, members) : existing;
  }

  private buildVariations(
    key: string,
    source: JsonNode,
    path: string[],
    existing: JsonNode | undefined,
  ): JsonNode | undefined {
    if (source.kind !== 'object') return existing;
    const members: [string, JsonNode][] = [];
    let changed = false;
    for (const [kind, options] of source.entries) {
      const built =
        kind === 'plural'
          ? this.buildPlural(key, options, [...path, 'plural'], jsonMember(existing, kind))
          : this.buildChildren(key, options, [...path, kind], jsonMember(existing, kind));
      if (built !== jsonMember(existing, kind)) changed = true;
      if (built !== undefined) members.push([kind, built]);
    }
    return changed ? sameOrNew(existing, members) : existing;
  }

  /** Exactly the language's categories; without an `other` form the plural is left as it was. */
  private buildPlural(
    key: string,
    source: JsonNode,
    path: string[],
    existing: JsonNode | undefined,
  ): JsonNode | undefined {
    const members: [string, JsonNode][] = [];
    let changed = false;
    for (const category of this.categories) {
      const sourceChild = jsonMember(source, category) ?? jsonMember(source, 'other');
      if (sourceChild === undefined) continue;
      const built = this.buildNode(key, sourceChild, [...path, category], jsonMember(existing, category));
      if (built !== jsonMember(existing, category)) changed = true;
      if (built !== undefined) members.push([category, built]);
    }
    if (!changed || !members.some(([category]) => category === 'other')) return existing;
    return sameOrNew(existing, members);
  }

  private buildStringUnit(key: string, path: string[], existing: JsonNode | undefined): JsonNode | undefined {
    const unit = sourceUnitFor(this.unitsById, key, path);
    const translated =
      this.translations.get(iosUnitId(key, path)) ??
      (path.at(-2) === 'plural'
        ? this.translations.get(iosUnitId(key, [...path.slice(0, -1), 'other']))
        : undefined);
    if (unit === undefined || translated === undefined) return existing;
    const value = restoreSpecifiers(translated, unit.placeholders);
    if (existing !== undefined && jsonString(existing, 'value') === value) return existing;
    return {
      kind: 'object',
      entries: [
        ['state', { kind: 'string', value: this.state }],
        ['value', { kind: 'string', value }],
      ],
    };
  }
}

/** A node of the given members in Xcode's key order, or the existing node when it is the same. */
function sameOrNew(existing: JsonNode | undefined, members: [string, JsonNode][]): JsonNode {
  const node: JsonObject = {
    kind: 'object',
    entries: [...members].sort(([left], [right]) => compareXcodeKeys(left, right)),
  };
  return existing !== undefined && writeXcodeJson(existing) === writeXcodeJson(node) ? existing : node;
}

/** The object with a member replaced in place, or inserted where Xcode's key order puts it. */
function withMember(object: JsonObject, key: string, value: JsonNode): JsonObject {
  const entries = [...object.entries];
  const index = entries.findIndex(([name]) => name === key);
  if (index !== -1) entries[index] = [key, value];
  else {
    const before = entries.findIndex(([name]) => compareXcodeKeys(name, key) > 0);
    entries.splice(before === -1 ? entries.length : before, 0, [key, value]);
  }
  return { kind: 'object', entries };
}
