/**
 * `.stringsdict` through the facade: each `%#@variable@` of a key is ONE plural unit (id: the key
 * and the variable), written back as the codec's per-category forms with the target language's
 * categories; the format string (`NSStringLocalizedFormatKey`) is a plain unit when it holds
 * words, not only `%#@variable@` references.
 */
import { FORMAT_KEY, parseStringsdict, type StringsdictFile } from '../stringsdict/read';
import { parsePlistXml } from '../stringsdict/plist-xml';
import { writeStringsdict } from '../stringsdict/write';
import { encodeText } from '../ios-strings/text-encoding';
import { iosUnitId, type IosUnit } from '../ios-strings/types';
import { pluralCategories } from '../plural-categories';
import { stripPlaceholders } from '../../html/placeholder-syntax';
import type { ResourceCodec } from './codec';
import { assertKnownMarkers } from './errors';
import { commentAnnotations } from './hints';
import { plainIosUnit } from './ios-unit';
import { iosForm, iosPluralTexts } from './ios-plurals';
import { mergePluralForms, type MergedPlural } from './plural-markers';
import type { ResourceUnit } from './types';

interface VariableUnit {
  readonly unit: ResourceUnit;
  readonly merged: MergedPlural;
  readonly forms: readonly IosUnit[];
  readonly entryKey: string;
  readonly variable: string;
}

interface Layout {
  readonly units: ResourceUnit[];
  readonly variables: Map<string, VariableUnit>;
  /** Unit ids of each entry, to leave an entry out when one of them is untranslated. */
  readonly idsOfEntry: Map<string, string[]>;
}

function layoutOf(file: StringsdictFile): Layout {
  const byId = new Map(file.units.map((unit) => [unit.id, unit]));
  const units: ResourceUnit[] = [];
  const variables = new Map<string, VariableUnit>();
  const idsOfEntry = new Map<string, string[]>();
  for (const entry of file.entries) {
    const ids: string[] = [];
    const format = byId.get(iosUnitId(entry.key, [FORMAT_KEY]));
    if (format && stripPlaceholders(format.text).trim() !== '') {
      units.push(plainIosUnit(format));
      ids.push(format.id);
    }
    for (const variable of entry.variables) {
      const forms = variable.forms.map((form) =>
        byId.get(iosUnitId(entry.key, [variable.name, form.category]))!,
      );
      if (forms.length === 0) continue;
      const merged = mergePluralForms(forms.map(iosForm), variable.name);
      const unit: ResourceUnit = {
        id: iosUnitId(entry.key, [variable.name]),
        key: entry.key,
        text: merged.text,
        plural: true,
        placeholders: merged.placeholders,
        line: forms[0]!.line,
        ...commentAnnotations(forms[0]!.comment),
      };
      units.push(unit);
      variables.set(unit.id, { unit, merged, forms, entryKey: entry.key, variable: variable.name });
      ids.push(unit.id);
    }
    idsOfEntry.set(entry.key, ids);
  }
  return { units, variables, idsOfEntry };
}

export const stringsdictCodec: ResourceCodec = {
  read(fileName, bytes) {
    const { units } = layoutOf(parseStringsdict(bytes, fileName));
    return { format: 'stringsdict', fileName, units, translations: new Map(), warnings: [] };
  },

  write(fileName, bytes, translations, options) {
    let file = parseStringsdict(bytes, fileName);
    let layout = layoutOf(file);
    if (options.missing === 'omit') {
      const omitted = [...layout.idsOfEntry]
        .filter(([, ids]) => ids.length > 0 && ids.some((id) => !translations.has(id)))
        .map(([key]) => key);
      if (omitted.length > 0) {
        file = parseStringsdict(encodeText(withoutEntries(file, new Set(omitted)), file.encoding), fileName);
        layout = layoutOf(file);
      }
    }
    const categories = pluralCategories(options.language);
    const codecTranslations = new Map<string, string>();
    const plainUnits = new Map(layout.units.filter((unit) => !unit.plural).map((unit) => [unit.id, unit]));
    for (const [id, translation] of translations) {
      const variable = layout.variables.get(id);
      if (!variable) {
        const unit = plainUnits.get(id);
        if (unit) assertKnownMarkers(fileName, unit, translation);
        codecTranslations.set(id, translation);
        continue;
      }
      const other = variable.forms.find((form) => form.pluralCategory === 'other') ?? variable.forms.at(-1)!;
      const texts = iosPluralTexts(
        fileName,
        variable.unit,
        translation,
        variable.merged,
        categories,
        (category) => iosForm(variable.forms.find((form) => form.pluralCategory === category) ?? other),
      );
      for (const [category, text] of texts)
        codecTranslations.set(iosUnitId(variable.entryKey, [variable.variable, category]), text);
    }
    return writeStringsdict(file, codecTranslations, options.language);
  },
};

/** The file's text without the `<key>…</key><dict>…</dict>` pairs of `keys`, each with its own lines. */
function withoutEntries(file: StringsdictFile, keys: ReadonlySet<string>): string {
  const { text } = file;
  const top = parsePlistXml(text, file.file).children[0]!;
  let out = '';
  let cursor = 0;
  for (let index = 0; index + 1 < top.children.length; index += 2) {
    const keyElement = top.children[index]!;
    if (!keys.has(keyElement.text)) continue;
    let start = keyElement.start;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start -= 1;
    let end = top.children[index + 1]!.end;
    if (start > 0 && text[start - 1] === '\n') {
      while (text[end] === ' ' || text[end] === '\t') end += 1;
      if (text[end] === '\r') end += 1;
      if (text[end] === '\n') end += 1;
    } else start = keyElement.start;
    out += text.slice(cursor, start);
    cursor = end;
  }
  return out + text.slice(cursor);
}
