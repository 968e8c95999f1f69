import { countWords, pluralForms, sourceHash, stripPlaceholders, type ResourceUnit } from '@bhasha/engine';

/** A unit of an uploaded file as the segment store and the unit table need it. */
export interface UnitSegment {
  unit: ResourceUnit;
  sourceHash: string;
  text: string;
  /** 'plural' for an ICU plural message, else 'text' (the kinds of website segments). */
  kind: 'text' | 'plural';
  wordCount: number;
}

/** Words of a text as website segments count them: placeholders (`<x1/>`, `<x2>…</x2>` tags) are no words. */
function plainWords(text: string): number {
  return countWords(stripPlaceholders(text));
}

/**
 * A plural counts the words of its `other` form (the one every language has), not of the ICU
 * syntax around its forms; anything else counts as website text does.
 */
function wordsOf(unit: ResourceUnit): number {
  if (!unit.plural) return plainWords(unit.text);
  const plural = pluralForms(unit.text);
  if (!plural) return plainWords(unit.text);
  const other = plural.forms.get('other') ?? [...plural.forms.values()].at(-1) ?? '';
  return plainWords(other);
}

/** The segment facts of a file's units, in file order. */
export function unitSegmentsOf(units: readonly ResourceUnit[]): UnitSegment[] {
  return units.map((unit) => ({
    unit,
    sourceHash: sourceHash(unit.text),
    text: unit.text,
    kind: unit.plural ? 'plural' : 'text',
    wordCount: wordsOf(unit),
  }));
}

/** How a new version's units relate to the current ones, by unit id. */
export interface UnitChanges {
  added: UnitSegment[];
  /** Same unit id, new text: with the hash it had. */
  changed: { now: UnitSegment; previousHash: string }[];
  unchanged: UnitSegment[];
  removed: number;
}

export function compareUnits(
  previous: ReadonlyMap<string, { sourceHash: string }>,
  next: readonly UnitSegment[],
): UnitChanges {
  const changes: UnitChanges = { added: [], changed: [], unchanged: [], removed: 0 };
  const seen = new Set<string>();
  for (const segment of next) {
    seen.add(segment.unit.id);
    const before = previous.get(segment.unit.id);
    if (!before) changes.added.push(segment);
    else if (before.sourceHash !== segment.sourceHash)
      changes.changed.push({ now: segment, previousHash: before.sourceHash });
    else changes.unchanged.push(segment);
  }
  for (const id of previous.keys()) if (!seen.has(id)) changes.removed += 1;
  return changes;
}
