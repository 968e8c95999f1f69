/**
 * Android resources (`res/values*\/*.xml`) through the facade: a `<string>` and each
 * `<string-array>` item is a unit under the codec's id; a `<plurals>` is ONE plural unit under
 * its name, whose translation is written back as the codec's `name#category` items with the
 * target language's categories.
 */
import { parseAndroidResources } from '../android/read';
import { FORMAT_SPECIFIER } from '../android/placeholders';
import type { AndroidGroup, AndroidPlaceholder, AndroidUnit } from '../android/types';
import { writeAndroidResources } from '../android/write';
import { isPluralCategory, pluralCategories } from '../plural-categories';
import type { ResourceCodec } from './codec';
import { maxLengthOfAttributes, maxLengthOfComment } from './hints';
import { branchForForm, mergePluralForms, type FormPiece, type PluralForm } from './plural-markers';
import { pluralForms } from './plural-message';
import { ResourceFileError, type ResourceUnit } from './types';

const WHOLE_SPECIFIER = new RegExp(`^(?:${FORMAT_SPECIFIER.source})$`);

function piecesOf(placeholders: readonly AndroidPlaceholder[]): FormPiece[] {
  return placeholders.map((placeholder) => ({
    id: placeholder.id,
    identity: placeholder.raw + (placeholder.closeRaw ?? ''),
    raw: placeholder.raw,
  }));
}

function commentOf(unit: AndroidUnit): string | undefined {
  return unit.comments.length > 0 ? unit.comments.join('\n') : undefined;
}

function limitsOf(unit: AndroidUnit): Pick<ResourceUnit, 'comment' | 'maxLength'> {
  const comment = commentOf(unit);
  const maxLength = maxLengthOfAttributes(unit.attributes) ?? maxLengthOfComment(comment);
  return {
    ...(comment === undefined ? {} : { comment }),
    ...(maxLength === undefined ? {} : { maxLength }),
  };
}

function formsOf(group: AndroidGroup): PluralForm[] {
  return group.units
    .filter((unit) => unit.translatable && unit.quantity !== undefined && isPluralCategory(unit.quantity))
    .map((unit) => ({
      category: unit.quantity as PluralForm['category'],
      text: unit.text,
      pieces: piecesOf(unit.placeholders),
    }));
}

function pluralUnit(group: AndroidGroup): ResourceUnit | undefined {
  const forms = formsOf(group);
  const first = group.units.find((unit) => unit.translatable);
  if (!group.translatable || forms.length === 0 || !first) return undefined;
  const merged = mergePluralForms(forms);
  return {
    id: group.key,
    key: first.key,
    text: merged.text,
    plural: true,
    placeholders: merged.placeholders,
    line: first.line,
    ...limitsOf(first),
  };
}

export const androidCodec: ResourceCodec = {
  read(fileName, bytes) {
    const file = parseAndroidResources(bytes, { fileName });
    const plurals = new Map(file.groups.filter((group) => group.kind === 'plurals').map((g) => [g.key, g]));
    const inPlural = new Set(file.groups.filter((group) => group.kind === 'plurals').flatMap((g) => g.units));
    const units: ResourceUnit[] = [];
    const written = new Set<string>();
    for (const unit of file.units) {
      if (inPlural.has(unit)) {
        const key = unit.id.slice(0, unit.id.lastIndexOf('#'));
        if (written.has(key)) continue;
        written.add(key);
        const plural = pluralUnit(plurals.get(key)!);
        if (plural) units.push(plural);
        continue;
      }
      if (!unit.translatable) continue;
      units.push({
        id: unit.id,
        key: unit.key,
        text: unit.text,
        plural: false,
        placeholders: [...unit.placeholders].sort((a, b) => a.id - b.id).map((p) => p.raw),
        line: unit.line,
        ...limitsOf(unit),
      });
    }
    return { format: 'android', fileName, units, translations: new Map(), warnings: [] };
  },

  write(fileName, bytes, translations, options) {
    const file = parseAndroidResources(bytes, { fileName });
    const codecTranslations = new Map<string, string>();
    const plurals = new Map(file.groups.filter((group) => group.kind === 'plurals').map((g) => [g.key, g]));
    for (const [id, translation] of translations) {
      const group = plurals.get(id);
      if (group) {
        for (const [codecId, text] of pluralItems(fileName, group, translation, options.language))
          codecTranslations.set(codecId, text);
      } else codecTranslations.set(id, translation);
    }
    const text = writeAndroidResources(file, codecTranslations, {
      language: options.language,
      untranslated: options.missing ?? 'source',
      fileName,
    });
    return new TextEncoder().encode(text);
  },
};

/** A plural unit's ICU translation as the codec's `name#category` texts for the target language. */
function pluralItems(
  fileName: string,
  group: AndroidGroup,
  translation: string,
  language: string,
): [string, string][] {
  const first = group.units[0];
  const line = first?.line;
  const parsed = pluralForms(translation);
  if (!parsed) {
    throw new ResourceFileError(
      fileName,
      line,
      `the translation of "${group.key}" is not an ICU plural message`,
    );
  }
  const forms = formsOf(group);
  const merged = mergePluralForms(forms);
  const other = forms.find((form) => form.category === 'other') ?? forms.at(-1)!;
  return pluralCategories(language).map((category) => {
    const branch = parsed.forms.get(category) ?? parsed.forms.get('other');
    if (branch === undefined) {
      throw new ResourceFileError(
        fileName,
        line,
        `the translation of "${group.key}" has no "${category}" or "other" form`,
      );
    }
    // The codec writes a category the source lacks with the markup of the source's `other` item.
    const form = forms.find((candidate) => candidate.category === category) ?? other;
    const text = branchForForm(branch, merged, form, (raw, marker) => {
      // A format specifier this form lacks (`%d` in Hindi `one` where English wrote "One file") is
      // written as typed: the codec keeps a typed specifier as one.
      if (raw !== undefined && WHOLE_SPECIFIER.test(raw)) return raw;
      throw new ResourceFileError(
        fileName,
        line,
        `the "${category}" form of "${group.key}" has a placeholder <x${marker}/> its source form lacks`,
      );
    });
    return [`${group.key}#${category}`, text];
  });
}
