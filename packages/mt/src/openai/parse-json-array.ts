const FENCE = /```(?:json|JSON)?\s*([\s\S]*?)```/;

function asStrings(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const strings: string[] = [];
  for (const item of value) {
    if (typeof item === 'string') strings.push(item);
    else if (item && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const text = record.translation ?? record.text ?? record.target ?? record.t;
      if (typeof text !== 'string') return undefined;
      strings.push(text);
    } else return undefined;
  }
  return strings;
}

function fromParsed(value: unknown): string[] | undefined {
  const direct = asStrings(value);
  if (direct) return direct;
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value as Record<string, unknown>)) {
      const found = asStrings(inner);
      if (found) return found;
    }
  }
  return undefined;
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the list of translations out of an LLM's answer: a bare JSON array, one inside a code
 * fence or prose, an object holding the array (`{"translations": [...]}`), or objects with a
 * `translation`/`text` field. Returns undefined when no list of strings can be found.
 */
export function parseJsonArray(answer: string): string[] | undefined {
  const candidates = [answer.trim()];
  const fenced = FENCE.exec(answer)?.[1];
  if (fenced) candidates.push(fenced.trim());
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  if (start >= 0 && end > start) candidates.push(answer.slice(start, end + 1));
  const objectStart = answer.indexOf('{');
  const objectEnd = answer.lastIndexOf('}');
  if (objectStart >= 0 && objectEnd > objectStart) candidates.push(answer.slice(objectStart, objectEnd + 1));
  for (const candidate of candidates) {
    const found = fromParsed(tryParse(candidate));
    if (found) return found;
  }
  return undefined;
}
