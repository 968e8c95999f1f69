/**
 * JSON localisation files to translation units: i18next and similar nested or flat key maps
 * (`{{var}}`, `$t()`, Trans tags, `_one`/`_other` plural keys), ICU MessageFormat values, and
 * Chrome extension `messages.json` (only `message` is text; `description` is the translator's
 * context; `placeholders` stay as they are). Every string leaf that is text becomes a unit
 * keyed by its JSON pointer; keys, numbers, booleans, null and data-like strings are never units.
 */
import { hasIcuPlural } from './icu';
import { placeholdersOf } from './placeholders';
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
  return keyPath.map((key) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const isChromeEntry = (member: JsonMember) =>
  member.value.kind === 'object' &&
  member.value.members.some((inner) => inner.key === 'message' && inner.value.kind === 'string');

/** A Chrome `messages.json`: every top-level value is an object with a string `message`. */
export function isChromeMessages(root: JsonNode): root is Extract<JsonNode, { kind: 'object' }> {
  return root.kind === 'object' && root.members.length > 0 && root.members.every(isChromeEntry);
}

/** Bases of the i18next plural groups among an object's keys: `x_other` and one more category. */
export function pluralBases(members: readonly JsonMember[]): Set<string> {
  const categoriesOf = new Map<string, Set<string>>();
  for (const member of members) {
    const match = PLURAL_KEY.exec(member.key);
    if (!match || member.value.kind !== 'string') continue;
    const set = categoriesOf.get(match[1]!) ?? new Set<string>();
    set.add(match[2]!);
    categoriesOf.set(match[1]!, set);
  }
  return new Set(
    [...categoriesOf].filter(([, set]) => set.has('other') && set.size > 1).map(([base]) => base),
  );
}

function unitOf(keyPath: string[], text: string, context: string, plural?: JsonI18nUnit['plural']) {
  const unit: JsonI18nUnit = {
    id: jsonPointer(keyPath),
    keyPath,
    text,
    context,
    placeholders: placeholdersOf(text),
    icu: hasIcuPlural(text),
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
    return { layout: 'chrome-messages', units };
  }

  const visit = (node: JsonNode, keyPath: string[], plural?: JsonI18nUnit['plural']): void => {
    if (node.kind === 'string') {
      if (isTranslatableText(node.value)) units.push(unitOf(keyPath, node.value, keyPath.join('.'), plural));
    } else if (node.kind === 'array') {
      node.items.forEach((item, index) => visit(item, [...keyPath, String(index)]));
    } else if (node.kind === 'object') {
      const bases = pluralBases(node.members);
      for (const member of node.members) {
        const match = PLURAL_KEY.exec(member.key);
        const group = match && bases.has(match[1]!) ? { base: match[1]!, category: match[2]! } : undefined;
        visit(member.value, [...keyPath, member.key], group);
      }
    }
  };
  visit(root, []);
  return { layout: 'key-map', units };
}
