// The characters an array element must escape; most texts have neither.
const ARRAY_ESCAPED = /["\\]/;

/**
 * A PostgreSQL array literal (one text parameter) of texts, uuids or integers; null is NULL.
 * Every text element is quoted, with `"` and `\` escaped (PostgreSQL §8.15.6 "Array Input").
 * Built in one pass (a batch's texts run to megabytes), escaping only the elements that need it.
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    if (index > 0) literal += ',';
    if (value === null) literal += 'NULL';
    else if (typeof value === 'number') literal += String(value);
    else if (ARRAY_ESCAPED.test(value))
      literal += `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    else literal += `"${value}"`;
  }
  return `${literal}}`;
}
