import { protectSpecifiers } from '../ios-strings/format-specifiers';
import { isPluralCategory, type PluralCategory } from '../plural-categories';
import { decodeText, type TextEncodingInfo } from '../ios-strings/text-encoding';
import { IosFormatError, iosUnitId, type IosUnit } from '../ios-strings/types';
import { parsePlistXml, type PlistElement } from './plist-xml';

/** A `<key>` and the element after it in a plist `<dict>`. */
export interface PlistPair {
  readonly key: string;
  readonly keyElement: PlistElement;
  readonly value: PlistElement;
}

/** One plural form of a variable: its category and `<string>`. */
export interface StringsdictForm {
  readonly category: PluralCategory;
  readonly pair: PlistPair;
}

/** A `%#@name@` variable: its spec and value types and its plural forms in file order. */
export interface StringsdictVariable {
  readonly name: string;
  readonly specType?: string;
  readonly valueType?: string;
  readonly dict: PlistElement;
  readonly forms: readonly StringsdictForm[];
}

/** One key of the file: the format string (`NSStringLocalizedFormatKey`) and its variables. */
export interface StringsdictEntry {
  readonly key: string;
  readonly formatKey?: PlistPair;
  readonly variables: readonly StringsdictVariable[];
}

/** A parsed `.stringsdict` file with what its writer needs. */
export interface StringsdictFile {
  readonly file: string;
  readonly encoding: TextEncodingInfo;
  readonly text: string;
  /** A copy of the bytes read: what a write that changes nothing gives back. */
  readonly bytes: Uint8Array;
  readonly entries: readonly StringsdictEntry[];
  readonly units: readonly IosUnit[];
}

export interface ParseStringsdictOptions {
  /** Bytes allowed; a larger file is refused. */
  readonly maxBytes?: number;
}

/** Default size limit of a `.stringsdict` file. */
export const DEFAULT_STRINGSDICT_MAX_BYTES = 16 * 1024 * 1024;

/** The path segment of the format string's unit. */
export const FORMAT_KEY = 'NSStringLocalizedFormatKey';

/**
 * Reads a `.stringsdict` file (Apple "Localizing strings that contain plurals"): a plist whose
 * keys map to a dict with `NSStringLocalizedFormatKey` (the format, with `%#@name@` references)
 * and one dict per variable (`NSStringFormatSpecTypeKey` = `NSStringPluralRuleType`,
 * `NSStringFormatValueTypeKey`, then `zero`…`other`). Units: the format string and every form.
 */
export function parseStringsdict(
  bytes: Uint8Array,
  file: string,
  options: ParseStringsdictOptions = {},
): StringsdictFile {
  const maxBytes = options.maxBytes ?? DEFAULT_STRINGSDICT_MAX_BYTES;
  if (bytes.length > maxBytes) throw new IosFormatError(file, 1, `the file is larger than ${maxBytes} bytes`);
  const { text, encoding } = decodeText(bytes, file);
  const root = parsePlistXml(text, file);
  const fail = (element: PlistElement, reason: string): never => {
    throw new IosFormatError(file, element.line, reason);
  };
  if (root.name !== 'plist') fail(root, 'the root element is not <plist>');
  const top = root.children[0];
  if (!top || top.name !== 'dict') return fail(root, '<plist> does not hold a <dict>');
  const entries = dictPairs(top, fail).map((pair) => readEntry(pair, fail));
  const units: IosUnit[] = [];
  for (const entry of entries) unitsOfEntry(entry, units);
  return { file, encoding, text, bytes: bytes.slice(), entries, units };
}

/** The key/value pairs of a plist `<dict>`. */
export function dictPairs(
  dict: PlistElement,
  fail: (element: PlistElement, reason: string) => never,
): PlistPair[] {
  const pairs: PlistPair[] = [];
  const { children } = dict;
  for (let index = 0; index < children.length; index += 2) {
    const keyElement = children[index]!;
    const value = children[index + 1];
    if (keyElement.name !== 'key') fail(keyElement, `expected <key> in <dict>, found <${keyElement.name}>`);
    if (!value) return fail(keyElement, `the key "${keyElement.text}" has no value`);
    pairs.push({ key: keyElement.text, keyElement, value });
  }
  return pairs;
}

function readEntry(
  pair: PlistPair,
  fail: (element: PlistElement, reason: string) => never,
): StringsdictEntry {
  if (pair.value.name !== 'dict') fail(pair.value, `the key "${pair.key}" is not a <dict>`);
  let formatKey: PlistPair | undefined;
  const variables: StringsdictVariable[] = [];
  for (const inner of dictPairs(pair.value, fail)) {
    if (inner.key === FORMAT_KEY) {
      if (inner.value.name !== 'string')
        fail(inner.value, `${FORMAT_KEY} of "${pair.key}" is not a <string>`);
      formatKey = inner;
    } else if (inner.value.name === 'dict') variables.push(readVariable(inner, fail));
  }
  return { key: pair.key, variables, ...(formatKey ? { formatKey } : {}) };
}

function readVariable(
  pair: PlistPair,
  fail: (element: PlistElement, reason: string) => never,
): StringsdictVariable {
  let specType: string | undefined;
  let valueType: string | undefined;
  const forms: StringsdictForm[] = [];
  for (const inner of dictPairs(pair.value, fail)) {
    if (inner.key === 'NSStringFormatSpecTypeKey') specType = inner.value.text;
    else if (inner.key === 'NSStringFormatValueTypeKey') valueType = inner.value.text;
    else if (isPluralCategory(inner.key)) {
      if (inner.value.name !== 'string') fail(inner.value, `the form "${inner.key}" is not a <string>`);
      forms.push({ category: inner.key, pair: inner });
    }
  }
  return {
    name: pair.key,
    dict: pair.value,
    forms,
    ...(specType === undefined ? {} : { specType }),
    ...(valueType === undefined ? {} : { valueType }),
  };
}

function unitsOfEntry(entry: StringsdictEntry, units: IosUnit[]): void {
  const push = (path: string[], element: PlistElement, category?: PluralCategory, comment?: string): void => {
    const { text, placeholders } = protectSpecifiers(element.text);
    const unit: { -readonly [Field in keyof IosUnit]: IosUnit[Field] } = {
      id: iosUnitId(entry.key, path),
      key: entry.key,
      path,
      text,
      placeholders,
      line: element.line,
    };
    if (category !== undefined) unit.pluralCategory = category;
    if (comment !== undefined) unit.comment = comment;
    units.push(unit);
  };
  if (entry.formatKey) push([FORMAT_KEY], entry.formatKey.value);
  for (const variable of entry.variables) {
    const comment = `Plural forms of %#@${variable.name}@ (${variable.valueType ?? 'no value type'})`;
    for (const form of variable.forms)
      push([variable.name, form.category], form.pair.value, form.category, comment);
  }
}
