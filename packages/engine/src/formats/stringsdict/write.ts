import { restoreSpecifiers } from '../ios-strings/format-specifiers';
import { pluralCategories, type PluralCategory } from '../plural-categories';
import { encodeText } from '../ios-strings/text-encoding';
import { iosUnitId, type IosUnit } from '../ios-strings/types';
import { escapePlistText, type PlistElement } from './plist-xml';
import type { StringsdictFile, StringsdictVariable } from './read';
import { FORMAT_KEY } from './read';

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The `.stringsdict` file for `language`: translated format strings and plural forms replaced in
 * place, and each variable given exactly the language's CLDR plural categories (`other` always),
 * laid out with the file's own indentation. Everything else stays byte for byte.
 *
 * `translations` maps unit ids to text with `<xN/>` markers. A category the source does not have
 * (Arabic `few`) uses the unit id of that category with the markers of the source's `other` form;
 * a category left untranslated gets the `other` translation, else the source text.
 */
export function writeStringsdict(
  file: StringsdictFile,
  translations: ReadonlyMap<string, string>,
  language: string,
): Uint8Array {
  const targetCategories = pluralCategories(language);
  const unitsById = new Map(file.units.map((unit) => [unit.id, unit]));
  const edits: Edit[] = [];
  for (const entry of file.entries) {
    if (entry.formatKey && translations.size > 0) {
      const unit = unitsById.get(iosUnitId(entry.key, [FORMAT_KEY]))!;
      const value = translatedValue(unit, translations.get(unit.id));
      if (value !== undefined) edits.push(replaceContent(entry.formatKey.value, value));
    }
    for (const variable of entry.variables)
      edits.push(...variableEdits(file.text, entry.key, variable, targetCategories, translations, unitsById));
  }
  // Nothing replaced and every plural already has the language's categories: the bytes as they came.
  if (edits.length === 0) return file.bytes.slice();
  edits.sort((left, right) => left.start - right.start);
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of edits) {
    parts.push(file.text.slice(cursor, edit.start), edit.text);
    cursor = edit.end;
  }
  parts.push(file.text.slice(cursor));
  return encodeText(parts.join(''), file.encoding);
}

/** The escaped translation when it differs from the source text, else undefined (keep the source bytes). */
function translatedValue(unit: IosUnit, translated: string | undefined): string | undefined {
  if (translated === undefined) return undefined;
  const restored = restoreSpecifiers(translated, unit.placeholders);
  return restored === restoreSpecifiers(unit.text, unit.placeholders) ? undefined : escapePlistText(restored);
}

function replaceContent(element: PlistElement, escaped: string): Edit {
  if (element.selfClosing)
    return { start: element.start, end: element.end, text: `<string>${escaped}</string>` };
  return { start: element.contentStart, end: element.contentEnd, text: escaped };
}

function variableEdits(
  text: string,
  key: string,
  variable: StringsdictVariable,
  targetCategories: readonly PluralCategory[],
  translations: ReadonlyMap<string, string>,
  unitsById: ReadonlyMap<string, IosUnit>,
): Edit[] {
  const { forms } = variable;
  const first = forms[0];
  if (!first) return [];
  const unitOf = (category: PluralCategory): IosUnit | undefined =>
    unitsById.get(iosUnitId(key, [variable.name, category]));
  const sourceCategories = forms.map((form) => form.category);
  if (sameCategories(sourceCategories, targetCategories)) {
    if (translations.size === 0) return [];
    return forms.flatMap((form) => {
      const unit = unitOf(form.category)!;
      const value = translatedValue(unit, translations.get(unit.id));
      return value === undefined ? [] : [replaceContent(form.pair.value, value)];
    });
  }
  const rawContent = (element: PlistElement): string => text.slice(element.contentStart, element.contentEnd);
  const otherForm = forms.find((form) => form.category === 'other') ?? forms.at(-1)!;
  const otherUnit = unitOf(otherForm.category)!;
  const contentOf = (category: PluralCategory): string => {
    const unit = unitOf(category) ?? otherUnit;
    const translated =
      translations.get(iosUnitId(key, [variable.name, category])) ?? translations.get(otherUnit.id);
    if (translated !== undefined) return escapePlistText(restoreSpecifiers(translated, unit.placeholders));
    const form = forms.find((candidate) => candidate.category === category) ?? otherForm;
    return rawContent(form.pair.value);
  };
  const siblings = variable.dict.children;
  const before = (element: PlistElement): number => {
    const index = siblings.indexOf(element);
    return index > 0 ? siblings[index - 1]!.end : variable.dict.contentStart;
  };
  const keyValueSeparator = text.slice(first.pair.keyElement.end, first.pair.value.start);
  const second = forms[1];
  const pairSeparator =
    second && siblings.indexOf(second.pair.keyElement) === siblings.indexOf(first.pair.value) + 1
      ? text.slice(first.pair.value.end, second.pair.keyElement.start)
      : text.slice(before(first.pair.keyElement), first.pair.keyElement.start);
  const block = targetCategories
    .map((category) => `<key>${category}</key>${keyValueSeparator}<string>${contentOf(category)}</string>`)
    .join(pairSeparator);
  return [
    { start: first.pair.keyElement.start, end: first.pair.value.end, text: block },
    ...forms
      .slice(1)
      .map((form) => ({ start: before(form.pair.keyElement), end: form.pair.value.end, text: '' })),
  ];
}

function sameCategories(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((category) => right.includes(category));
}
