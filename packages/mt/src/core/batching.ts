/** Cuts items into consecutive batches of at most `maxItems` and `maxChars` characters each. */
export function chunkByLimits<T>(
  items: readonly T[],
  sizeOf: (item: T) => number,
  maxItems: number,
  maxChars: number,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (current.length > 0 && (current.length >= maxItems || chars + size > maxChars)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Length in Unicode code points, the unit vendors count and bill. */
export function countCodePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
