import { encodeStringsEscapes } from './escapes';
import { restoreSpecifiers } from './format-specifiers';
import type { StringsFile } from './read';
import { encodeText } from './text-encoding';

/**
 * The `.strings` file with the values of translated keys replaced and every other byte as it
 * came: comments, order, spacing, line endings, encoding and byte-order mark. `translations` maps
 * unit ids to translated text with `<xN/>` markers; a duplicated key gets the translation at every
 * occurrence. A translation equal to the source value keeps the value's original spelling.
 */
export function writeStrings(file: StringsFile, translations: ReadonlyMap<string, string>): Uint8Array {
  // Nothing to replace: the bytes as they came (decoding and encoding again would give the same).
  if (translations.size === 0) return file.bytes.slice();
  const parts: string[] = [];
  let cursor = 0;
  const unitsById = new Map(file.units.map((unit) => [unit.id, unit]));
  for (const entry of file.entries) {
    const translated = translations.get(entry.key);
    const unit = unitsById.get(entry.key);
    if (translated === undefined || unit === undefined) continue;
    const value = restoreSpecifiers(translated, unit.placeholders);
    if (value === entry.value) continue;
    const raw = file.text.slice(entry.valueStart, entry.valueEnd);
    const escaped = encodeStringsEscapes(value, raw.includes('\n'));
    parts.push(file.text.slice(cursor, entry.valueStart), entry.quoted ? escaped : `"${escaped}"`);
    cursor = entry.valueEnd;
  }
  parts.push(file.text.slice(cursor));
  return encodeText(parts.join(''), file.encoding);
}
