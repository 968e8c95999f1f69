/**
 * Writes a translated JSON localisation file: the source text with only string values replaced,
 * so keys, key order, indentation, escapes of untouched strings and line endings stay as they
 * were. ICU plural blocks and i18next plural key groups get exactly the target language's CLDR
 * categories. Writing with no translations and `untranslated: 'source'` gives the same text.
 */
import { pluralCategories } from '../plural-categories';
import { withPluralCategories } from './icu';
import { PLURAL_KEY, isChromeMessages, jsonPointer, pluralBases } from './read';
import { jsonStringLiteral, scanJson, type JsonMember, type JsonNode } from './scan';

export interface WriteJsonI18nOptions {
  /** The target language (a BCP 47 tag): its plural categories are written. */
  language: string;
  /** What an untranslated string becomes: the source text (default), or left out so the app falls back. */
  untranslated?: 'source' | 'omit';
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

type ObjectNode = Extract<JsonNode, { kind: 'object' }>;

/** Edits that remove members of an object, run by run, with the commas and spacing around them. */
function removals(object: ObjectNode, removed: ReadonlySet<number>): Edit[] {
  const edits: Edit[] = [];
  const members = object.members;
  for (let a = 0; a < members.length; a += 1) {
    if (!removed.has(a)) continue;
    let b = a;
    while (removed.has(b + 1)) b += 1;
    if (a > 0) edits.push({ start: members[a - 1]!.span.end, end: members[b]!.span.end, text: '' });
    else if (b < members.length - 1)
      edits.push({ start: members[a]!.span.start, end: members[b + 1]!.span.start, text: '' });
    else edits.push({ start: object.start + 1, end: object.end - 1, text: '' });
    a = b;
  }
  return edits;
}

export function writeJsonI18n(
  text: string,
  translations: ReadonlyMap<string, string>,
  options: WriteJsonI18nOptions,
): string {
  const omit = options.untranslated === 'omit';
  const root = scanJson(text);
  const edits: Edit[] = [];
  const translate = (value: string) => literalFor(withPluralCategories(value, options.language));
  const literalFor = (value: string) => jsonStringLiteral(value);

  if (isChromeMessages(root)) {
    const removed = new Set<number>();
    root.members.forEach((entry, index) => {
      if (entry.value.kind !== 'object') return;
      const message = entry.value.members.find((inner) => inner.key === 'message');
      if (message?.value.kind !== 'string') return;
      const translation = translations.get(jsonPointer([entry.key, 'message']));
      if (translation !== undefined)
        edits.push({ start: message.value.start, end: message.value.end, text: translate(translation) });
      else if (omit) removed.add(index);
    });
    edits.push(...removals(root, removed));
    return applyEdits(text, edits);
  }

  const visitString = (node: JsonNode, keyPath: string[]): 'kept' | 'translated' | 'untranslated' => {
    if (node.kind !== 'string') return 'kept';
    const translation = translations.get(jsonPointer(keyPath));
    if (translation === undefined) return 'untranslated';
    edits.push({ start: node.start, end: node.end, text: translate(translation) });
    return 'translated';
  };

  const visit = (node: JsonNode, keyPath: string[]): void => {
    if (node.kind === 'array') {
      // Array items keep their place: an untranslated one stays in the source language.
      node.items.forEach((item, index) => {
        const path = [...keyPath, String(index)];
        if (visitString(item, path) === 'kept') visit(item, path);
      });
      return;
    }
    if (node.kind !== 'object') return;
    const removed = new Set<number>();
    const bases = pluralBases(node.members);
    const groups = new Map<string, number[]>();
    node.members.forEach((member, index) => {
      const match = PLURAL_KEY.exec(member.key);
      if (match && bases.has(match[1]!)) {
        groups.set(match[1]!, [...(groups.get(match[1]!) ?? []), index]);
        return;
      }
      const path = [...keyPath, member.key];
      const outcome = visitString(member.value, path);
      if (outcome === 'kept') visit(member.value, path);
      else if (outcome === 'untranslated' && omit) removed.add(index);
    });
    for (const [base, indexes] of groups) {
      const group = indexes.map((index) => node.members[index]!);
      const translated = group.some((member) => translations.has(jsonPointer([...keyPath, member.key])));
      if (!translated) {
        if (omit) indexes.forEach((index) => removed.add(index));
        continue;
      }
      edits.push(...pluralGroup(text, node, base, indexes, keyPath));
    }
    edits.push(...removals(node, removed));
  };

  /** A translated i18next plural group, rewritten with the target language's categories. */
  function pluralGroup(source: string, node: ObjectNode, base: string, indexes: number[], keyPath: string[]) {
    const members = indexes.map((index) => node.members[index]!);
    const categoryOf = (member: JsonMember) => PLURAL_KEY.exec(member.key)![2]!;
    const valueOf = (member: JsonMember | undefined) => {
      if (!member || member.value.kind !== 'string') return undefined;
      return translations.get(jsonPointer([...keyPath, member.key])) ?? member.value.value;
    };
    const other = valueOf(members.find((member) => categoryOf(member) === 'other'))!;
    const wanted: string[] = pluralCategories(options.language);
    const present = members.map(categoryOf);
    const isContiguous = indexes.every((index, i) => i === 0 || index === indexes[i - 1]! + 1);
    if (!isContiguous || (wanted.length === present.length && wanted.every((c) => present.includes(c)))) {
      // Same categories (or a group spread over the object): only the values change.
      return members.map((member) => ({
        start: member.value.start,
        end: member.value.end,
        text: literalFor(valueOf(member)!),
      }));
    }
    const separator = source.slice(members[0]!.span.end, members[1]!.span.start);
    const colon = /\s*:\s*$/.exec(source.slice(members[0]!.span.start, members[0]!.value.start))![0];
    const byCategory = new Map(members.map((member) => [categoryOf(member), member]));
    const written = wanted.map(
      (category) =>
        `${jsonStringLiteral(`${base}_${category}`)}${colon}${literalFor(
          translations.get(jsonPointer([...keyPath, `${base}_${category}`])) ??
            valueOf(byCategory.get(category)) ??
            other,
        )}`,
    );
    return [{ start: members[0]!.span.start, end: members.at(-1)!.span.end, text: written.join(separator) }];
  }

  visit(root, []);
  return applyEdits(text, edits);
}

function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error('overlapping edits of a JSON file');
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}
