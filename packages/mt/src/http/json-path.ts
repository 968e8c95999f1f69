type Step = { key: string } | { index: number } | { all: true };

function parsePath(path: string): Step[] {
  const steps: Step[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+|\*)\]/g)) {
    if (match[1] !== undefined) steps.push({ key: match[1] });
    else if (match[2] === '*') steps.push({ all: true });
    else steps.push({ index: Number(match[2]) });
  }
  return steps;
}

/**
 * Reads values at a small JSONPath-like path: `a.b`, `a[0]`, `a[*].b` (every element).
 * Returns every value found, in document order; an empty path selects the document itself.
 */
export function selectPath(document: unknown, path: string): unknown[] {
  let current: unknown[] = [document];
  for (const step of parsePath(path.replace(/^\$\.?/, ''))) {
    const next: unknown[] = [];
    for (const value of current) {
      if ('all' in step) {
        if (Array.isArray(value)) next.push(...(value as unknown[]));
      } else if ('index' in step) {
        if (Array.isArray(value) && step.index < value.length) next.push((value as unknown[])[step.index]);
      } else if (value && typeof value === 'object' && !Array.isArray(value) && step.key in value) {
        next.push((value as Record<string, unknown>)[step.key]);
      }
    }
    current = next;
  }
  return current;
}
