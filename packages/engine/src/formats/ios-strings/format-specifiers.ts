import { PLACEHOLDER_PATTERN, formatPlaceholder } from '../../html/placeholder-syntax';
import type { IosPlaceholder } from './types';

/**
 * Apple's format specifiers (String Format Specifiers, Foundation; IEEE printf): `%%`, `%@`,
 * positional `%1$@`, flags, width, precision and length modifiers (`%lld`, `%.2f`, `%02d`), the
 * stringsdict/String Catalog substitution `%#@name@` and the catalog's `%arg`. The space flag is
 * left out on purpose: "100% of" is text, not `% o`.
 */
const SPECIFIER_PATTERN =
  /%(?:%|(?:\d+\$)?#@[^@\s]+@|(?:\d+\$)?arg\b|(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|q|L|z|t|j)?[@dDiuUxXoOfFeEgGaAcCsSp])/g;

/** Text with its specifiers replaced by `<xN/>` markers, numbered from 1 in order. */
export function protectSpecifiers(value: string): { text: string; placeholders: IosPlaceholder[] } {
  const placeholders: IosPlaceholder[] = [];
  // Every specifier starts with %: most texts have none and skip the pattern.
  if (!value.includes('%')) return { text: value, placeholders };
  const text = value.replace(SPECIFIER_PATTERN, (code) => {
    const id = placeholders.length + 1;
    placeholders.push({ id, code });
    return formatPlaceholder(id, 'void');
  });
  return { text, placeholders };
}

/** Puts the specifiers back for the markers of a translated text; a marker of no known placeholder is an error. */
export function restoreSpecifiers(text: string, placeholders: readonly IosPlaceholder[]): string {
  return text.replace(PLACEHOLDER_PATTERN, (marker: string, _slash: string, digits: string) => {
    const placeholder = placeholders.find((candidate) => candidate.id === Number(digits));
    if (!placeholder) throw new Error(`the translation has a placeholder ${marker} the source does not have`);
    return placeholder.code;
  });
}

/**
 * A translation's text with its specifiers as the markers of its source unit: a specifier spelled
 * like one of the source's takes that placeholder's id (so `%2$@ … %1$@` keeps its pairing), any
 * other gets a new id after the source's.
 */
export function protectSpecifiersLike(
  value: string,
  source: readonly IosPlaceholder[],
): { text: string; placeholders: IosPlaceholder[] } {
  const unused = [...source];
  const extra: IosPlaceholder[] = [];
  let nextId = source.reduce((max, placeholder) => Math.max(max, placeholder.id), 0) + 1;
  const text = value.replace(SPECIFIER_PATTERN, (code) => {
    const index = unused.findIndex((placeholder) => placeholder.code === code);
    if (index !== -1) return formatPlaceholder(unused.splice(index, 1)[0]!.id, 'void');
    const placeholder = { id: nextId, code };
    nextId += 1;
    extra.push(placeholder);
    return formatPlaceholder(placeholder.id, 'void');
  });
  return { text, placeholders: [...source, ...extra] };
}
