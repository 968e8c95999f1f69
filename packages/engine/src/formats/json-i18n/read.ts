/**
 * JSON localisation files to translation units: i18next and similar nested or flat key maps
 * (`{{var}}`, `$t()`, Trans tags, `_one`/`_other` plural keys), ICU MessageFormat values, and
 * Chrome extension `messages.json` (only `message` is text; `description` is the translator's
 * context; `placeholders` stay as they are). Every string leaf that is text becomes a unit
 * keyed by its JSON pointer; keys, numbers, booleans, null and data-like strings are never units.
 */
import { hasIcuPlural } from './icu';
import { mayHavePlaceholder, placeholdersOf } from './placeholders';
import { scanJson, type JsonMember, type JsonNode, type ScanLimits } from './scan';
import { isTranslatableText } from './text-facts';

export type JsonI18nLayout = 'chrome-messages' | 'key-map';

export interface JsonI18nUnit {
  /** JSON pointer (RFC 6901) of the string: stable across versions of the file. */
  id: string;
  keyPath: string[];
  text: string;
  /** The translator's context: the key path, and a Chrome message's description. */
  context: string;
  placeholders: string[];
  /** The value is an ICU message with a plural or select block. */
  icu: boolean;
  /** One category of an i18next plural key group (`files_one`, `files_other`). */
  plural?: { base: string; category: string };
}

export interface JsonI18nDocument {
  layout: JsonI18nLayout;
  units: JsonI18nUnit[];
  /** The text read and its scanned tree, so a writer need not read it again. */
  text: string;
  root: JsonNode;
}

export interface ReadJsonI18nOptions {
  /** Characters allowed; larger files are refused before reading. */
  maxLength?: number;
  limits?: ScanLimits;
}

/** Why a file is not a JSON localisation file. */
export class JsonI18nError extends Error {
  override readonly name = 'JsonI18nError';
}

export const DEFAULT_JSON_I18N_MAX_LENGTH = 20 * 1024 * 1024;

export const PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

export function jsonPointer(keyPath: readonly string[]): string {
  let pointer = '';
  for (const key of keyPath) pointer = pointerBelow(pointer, key);
  return pointer;
}

/** The pointer of `key` inside the value at `parent`. */
export function pointerBelow(parent: string, key: string): string {
  if (!key.includes('~') && !key.includes('/')) return `${parent}/${key}`;
  return `${parent}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

const CATEGORY_NAMES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * `[base, category]` of an i18next plural key (`files_one`), as `PLURAL_KEY` matches it, without
 * running a pattern over every key of the file.
 */
export function pluralKeyParts(key: string): [base: string, category: string] | undefined {
  const underscore = key.lastIndexOf('_');
  if (underscore < 1) return undefined;
  const category = key.slice(underscore + 1);
  if (!CATEGORY_NAMES.has(category)) return undefined;
  const base = key.slice(0, underscore);
  return LINE_TERMINATOR.test(base) ? undefined : [base, category];
}

const isChromeEntry = (member: JsonMember) =>
  member.value.kind === 'object' &&
  member.value.members.some((inner) => inner.key === 'message' && inner.value.kind === 'string');

/** A Chrome `messages.json`: every top-level value is an object with a string `message`. */
export function isChromeMessages(root: JsonNode): root is Extract<JsonNode, { kind: 'object' }> {
  return root.kind === 'object' && root.members.length > 0 && root.members.every(isChromeEntry);
}

const NO_BASES: ReadonlySet<string> = new Set();

/** Bases of the i18next plural groups among an object's keys: `x_other` and one more category. */
export function pluralBases(members: readonly JsonMember[]): ReadonlySet<string> {
  const categoriesOf = new Map<string, Set<string>>();
  for (const member of members) {
    if (member.value.kind !== 'string') continue;
    const parts = pluralKeyParts(member.key);
    if (!parts) continue;
    const set = categoriesOf.get(parts[0]) ?? new Set<string>();
    set.add(parts[1]);
    categoriesOf.set(parts[0], set);
  }
  if (categoriesOf.size === 0) return NO_BASES;
  return new Set(
    [...categoriesOf].filter(([, set]) => set.has('other') && set.size > 1).map(([base]) => base),
  );
}

function unitOf(
  keyPath: string[],
  text: string,
  context: string,
  plural?: JsonI18nUnit['plural'],
  id = jsonPointer(keyPath),
  // No placeholder or ICU block can start without one of a few characters.
  plain = !mayHavePlaceholder(text),
) {
  const unit: JsonI18nUnit = {
    id,
    keyPath,
    text,
    context,
    placeholders: plain ? [] : placeholdersOf(text),
    icu: !plain && hasIcuPlural(text),
  };
  if (plural) unit.plural = plural;
  return unit;
}

/** Reads a JSON localisation file; broken JSON answers a JsonI18nError naming the line. */
export function readJsonI18n(text: string, options: ReadJsonI18nOptions = {}): JsonI18nDocument {
  const maxLength = options.maxLength ?? DEFAULT_JSON_I18N_MAX_LENGTH;
  if (text.length > maxLength) throw new JsonI18nError(`the file is larger than ${maxLength} characters`);
  let root: JsonNode;
  try {
    root = scanJson(text, options.limits);
  } catch (error) {
    throw new JsonI18nError(error instanceof Error ? error.message : String(error));
  }
  if (root.kind !== 'object' && root.kind !== 'array')
    throw new JsonI18nError('the file holds no object or array of texts');

  const units: JsonI18nUnit[] = [];
  if (isChromeMessages(root)) {
    for (const entry of root.members) {
      if (entry.value.kind !== 'object') continue;
      const message = entry.value.members.find((inner) => inner.key === 'message');
      const description = entry.value.members.find((inner) => inner.key === 'description');
      if (message?.value.kind !== 'string' || !isTranslatableText(message.value.value)) continue;
      const note = description?.value.kind === 'string' ? `\n${description.value.value}` : '';
      units.push(unitOf([entry.key, 'message'], message.value.value, `${entry.key}${note}`));
    }
    return { layout: 'chrome-messages', units, text, root };
  }

  // The key path is one stack, copied only for the strings that become units.
  const keyPath: string[] = [];
  const visit = (node: JsonNode, pointer: string, plural?: JsonI18nUnit['plural']): void => {
    if (node.kind === 'string') {
      const markup = mayHavePlaceholder(node.value);
      if (isTranslatableText(node.value, markup))
        units.push(unitOf(keyPath.slice(), node.value, keyPath.join('.'), plural, pointer, !markup));
    } else if (node.kind === 'array') {
      node.items.forEach((item, index) => {
        const key = String(index);
        keyPath.push(key);
        visit(item, `${pointer}/${key}`);
        keyPath.pop();
      });
    } else if (node.kind === 'object') {
      const bases = pluralBases(node.members);
      for (const member of node.members) {
        const parts = bases.size === 0 ? undefined : pluralKeyParts(member.key);
        const group = parts && bases.has(parts[0]) ? { base: parts[0], category: parts[1] } : undefined;
        keyPath.push(member.key);
        visit(member.value, pointerBelow(pointer, member.key), group);
        keyPath.pop();
      }
    }
  };
  visit(root, '');
  return { layout: 'key-map', units, text, root };
}
