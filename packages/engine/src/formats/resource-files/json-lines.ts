/**
 * Lines of the strings of a JSON file, asked for in file order, since the JSON codecs read whole
 * documents and keep no lines: each string is looked for (as a JSON string literal, as a member
 * name when `asKey`) from where the last one was found. A string spelled with other escapes than
 * `JSON.stringify` uses is not found and gets line 1.
 */
export function lineFinder(text: string, asKey = false): (value: string) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  let from = 0;
  const find = (needle: string, start: number): number => {
    for (let at = text.indexOf(needle, start); at !== -1; at = text.indexOf(needle, at + 1)) {
      if (!asKey || /^\s*:/.test(text.slice(at + needle.length, at + needle.length + 16))) return at;
    }
    return -1;
  };
  return (value) => {
    const needle = JSON.stringify(value);
    let at = find(needle, from);
    if (at === -1) at = find(needle, 0);
    if (at === -1) return 1;
    from = at + needle.length;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
