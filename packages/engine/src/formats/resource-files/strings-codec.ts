/**
 * Apple `.strings` through the facade: one unit per key (the codec's id is the key; the last of
 * duplicated keys wins, as Xcode does, and the duplicates are warnings). No plurals here: those
 * live in `.stringsdict`.
 */
import { parseStrings, type StringsEntry, type StringsFile } from '../ios-strings/read';
import { encodeText } from '../ios-strings/text-encoding';
import { writeStrings } from '../ios-strings/write';
import type { ResourceCodec } from './codec';
import { assertKnownMarkers } from './errors';
import { plainIosUnit } from './ios-unit';

export const stringsCodec: ResourceCodec = {
  read(fileName, bytes) {
    const file = parseStrings(bytes, fileName);
    const units = file.units.map(plainIosUnit);
    return { format: 'ios-strings', fileName, units, translations: new Map(), warnings: file.warnings };
  },

  write(fileName, bytes, translations, options) {
    let file = parseStrings(bytes, fileName);
    if (options.missing === 'omit') {
      const omitted = new Set(
        file.units.filter((unit) => !translations.has(unit.id)).map((unit) => unit.key),
      );
      if (omitted.size > 0)
        file = parseStrings(encodeText(withoutKeys(file, omitted), file.encoding), fileName);
    }
    const units = new Map(file.units.map((unit) => [unit.id, unit]));
    for (const [id, translation] of translations) {
      const unit = units.get(id);
      if (unit) assertKnownMarkers(fileName, unit, translation);
    }
    return writeStrings(file, translations);
  },
};

/**
 * The file's text without the pairs of `keys` (every occurrence): each pair goes with the rest
 * of its line when it stands alone on it, so no blank line is left. Comments above it stay.
 */
function withoutKeys(file: StringsFile, keys: ReadonlySet<string>): string {
  const { text } = file;
  let out = '';
  let cursor = 0;
  let previousEnd = 0;
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
    lineStarts.push(index + 1);
  for (const entry of file.entries) {
    const end = pairEnd(text, entry);
    if (keys.has(entry.key)) {
      const ownLine = lineStarts[entry.line - 1]!;
      const start = Math.max(ownLine, previousEnd);
      let stop = end;
      while (text[stop] === ' ' || text[stop] === '\t') stop += 1;
      if (text[stop] === '\r') stop += 1;
      if (text[stop] === '\n') stop += 1;
      out += text.slice(cursor, start);
      cursor = start === ownLine ? stop : end;
    }
    previousEnd = end;
  }
  return out + text.slice(cursor);
}

/** Offset just after the `;` that ends a pair. */
function pairEnd(text: string, entry: StringsEntry): number {
  return text.indexOf(';', entry.valueEnd + (entry.quoted ? 1 : 0)) + 1;
}
