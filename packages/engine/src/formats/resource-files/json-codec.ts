/**
 * JSON i18n files (i18next key maps, ICU values, Chrome `messages.json`) through the facade. A
 * unit's id is the codec's JSON pointer; an i18next `_one`/`_other` key group is ONE plural unit
 * (id: the pointer of the group's base with `{plural}` after it), and so is a value that is exactly
 * one ICU plural. Texts show placeholders as markers (`{{count}}` → `<x1/>`).
 */
import { icuBlocks } from '../json-i18n/icu';
import { jsonPointer, readJsonI18n, type JsonI18nUnit } from '../json-i18n/read';
import { writeJsonI18n } from '../json-i18n/write';
import { pluralCategories, type PluralCategory } from '../plural-categories';
import type { ResourceCodec } from './codec';
import { icuBranchContent, markIcuBranch, markIcuMessage, markPlaceholders, unmark } from './json-markers';
import { commentAnnotations } from './hints';
import { lineFinder } from './json-lines';
import { mergePluralForms, type MergedPlural, type PluralForm } from './plural-markers';
import { pluralForms } from './plural-message';
import { ResourceFileError, type ResourceUnit } from './types';

const BOM = '\uFEFF';

/** How a facade unit maps onto the codec's strings. */
type Binding =
  | { readonly kind: 'plain'; readonly codecId: string; readonly pieces: readonly string[] }
  | {
      readonly kind: 'i18next';
      readonly parent: readonly string[];
      readonly base: string;
      readonly merged: MergedPlural;
    }
  | {
      readonly kind: 'icu';
      readonly codecId: string;
      readonly variable: string;
      readonly merged: MergedPlural;
    };

interface Layout {
  readonly units: ResourceUnit[];
  readonly bindings: Map<string, Binding>;
}

function decode(fileName: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new ResourceFileError(fileName, undefined, 'the file is not valid UTF-8');
  }
}

/** A Chrome message's description (what the codec puts after the key in its context). */
function commentOf(unit: JsonI18nUnit): Pick<ResourceUnit, 'comment' | 'maxLength'> {
  const newline = unit.context.indexOf('\n');
  const comment = newline === -1 ? undefined : unit.context.slice(newline + 1);
  return commentAnnotations(comment || undefined);
}

function formOf(category: PluralCategory, marked: { text: string; pieces: string[] }): PluralForm {
  return {
    category,
    text: marked.text,
    pieces: marked.pieces.map((raw, index) => ({ id: index + 1, identity: raw, raw })),
  };
}

function layoutOf(text: string): Layout {
  const document = readJsonI18n(text.startsWith(BOM) ? text.slice(1) : text);
  const units: ResourceUnit[] = [];
  const bindings = new Map<string, Binding>();
  const groups = new Map<string, { first: JsonI18nUnit; forms: PluralForm[]; index: number; line: number }>();
  const lineOf = lineFinder(text);
  for (const unit of document.units) {
    if (unit.plural) {
      const parent = unit.keyPath.slice(0, -1);
      const id = `${jsonPointer([...parent, unit.plural.base])}{plural}`;
      let group = groups.get(id);
      if (!group) {
        // The group's place is that of its first form; its unit is made once all forms are read.
        group = { first: unit, forms: [], index: units.length, line: lineOf(unit.text) };
        groups.set(id, group);
        units.push({ id, key: '', text: '', plural: true, placeholders: [], line: 1 });
      }
      group.forms.push(formOf(unit.plural.category as PluralCategory, markPlaceholders(unit.text)));
      continue;
    }
    const plural = unit.icu ? pluralForms(unit.text) : undefined;
    if (plural) {
      const forms = [...plural.forms.keys()].map((category) =>
        formOf(category, markIcuBranch(rawBranch(unit.text, category))),
      );
      const merged = mergePluralForms(forms, plural.variable);
      bindings.set(unit.id, { kind: 'icu', codecId: unit.id, variable: plural.variable, merged });
      units.push(unitOf(unit, unit.id, merged.text, true, merged.placeholders, lineOf(unit.text)));
      continue;
    }
    const marked = unit.icu ? markIcuMessage(unit.text) : markPlaceholders(unit.text);
    bindings.set(unit.id, { kind: 'plain', codecId: unit.id, pieces: marked.pieces });
    units.push(unitOf(unit, unit.id, marked.text, false, marked.pieces, lineOf(unit.text)));
  }
  for (const [id, group] of groups) {
    const parent = group.first.keyPath.slice(0, -1);
    const merged = mergePluralForms(group.forms);
    bindings.set(id, { kind: 'i18next', parent, base: group.first.plural!.base, merged });
    units[group.index] = unitOf(group.first, id, merged.text, true, merged.placeholders, group.line);
  }
  return { units, bindings };
}

/** The raw content of a category's branch of a message that is one plural. */
function rawBranch(message: string, category: string): string {
  const block = icuBlocks(message.trim())[0]!;
  return block.branches.find((branch) => branch.selector === category)!.content;
}

function unitOf(
  unit: JsonI18nUnit,
  id: string,
  text: string,
  plural: boolean,
  placeholders: readonly string[],
  line: number,
): ResourceUnit {
  return {
    id,
    key: unit.plural ? unit.keyPath.slice(0, -1).concat(unit.plural.base).join('.') : unit.keyPath.join('.'),
    text,
    plural,
    placeholders,
    line,
    ...commentOf(unit),
  };
}

export const jsonCodec: ResourceCodec = {
  read(fileName, bytes) {
    const { units } = layoutOf(decode(fileName, bytes));
    return { format: 'json', fileName, units, translations: new Map(), warnings: [] };
  },

  write(fileName, bytes, translations, options) {
    const text = decode(fileName, bytes);
    const { units, bindings } = layoutOf(text);
    const lines = new Map(units.map((unit) => [unit.id, unit.line]));
    const codecTranslations = new Map<string, string>();
    for (const [id, translation] of translations) {
      const binding = bindings.get(id);
      if (!binding) continue;
      const fail = (marker: string): never => {
        throw new ResourceFileError(
          fileName,
          lines.get(id),
          `the translation of "${id}" has a placeholder ${marker} the source lacks`,
        );
      };
      if (binding.kind === 'plain') {
        codecTranslations.set(
          binding.codecId,
          unmark(translation, binding.pieces, (literal) => literal, fail),
        );
        continue;
      }
      const parsed = pluralForms(translation);
      if (!parsed)
        throw new ResourceFileError(
          fileName,
          lines.get(id),
          `the translation of "${id}" is not an ICU plural message`,
        );
      const texts = pluralCategories(options.language).map((category): [PluralCategory, string] => {
        const branch = parsed.forms.get(category) ?? parsed.forms.get('other');
        if (branch === undefined) {
          throw new ResourceFileError(
            fileName,
            lines.get(id),
            `the translation of "${id}" has no "${category}" or "other" form`,
          );
        }
        return [category, branch];
      });
      if (binding.kind === 'i18next') {
        for (const [category, branch] of texts) {
          const codecId = jsonPointer([...binding.parent, `${binding.base}_${category}`]);
          codecTranslations.set(
            codecId,
            unmark(branch, binding.merged.placeholders, (literal) => literal, fail),
          );
        }
      } else {
        const branches = texts.map(
          ([category, branch]) =>
            `${category} {${icuBranchContent(branch, binding.merged.placeholders, fail)}}`,
        );
        codecTranslations.set(binding.codecId, `{${binding.variable}, plural, ${branches.join(' ')}}`);
      }
    }
    const bom = text.startsWith(BOM) ? BOM : '';
    const written = writeJsonI18n(bom ? text.slice(1) : text, codecTranslations, {
      language: options.language,
      untranslated: options.missing ?? 'source',
    });
    return new TextEncoder().encode(bom + written);
  },
};
