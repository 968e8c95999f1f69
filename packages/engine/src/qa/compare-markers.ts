import { markerLabel, scanMarkers, type MarkerUse } from './marker-scan';
import type { QaIssue } from './qa-issue';

/** What a translated text's markers are held to: the ones it must hold, and every one it may hold. */
export interface MarkerExpectation {
  readonly required: ReadonlyMap<number, MarkerUse>;
  /** By id: the form, and the most times it may appear. */
  readonly allowed: ReadonlyMap<number, MarkerUse>;
}

/** A plain source text: its markers are both required and the only ones allowed. */
export function expectationOf(source: string): MarkerExpectation {
  const { uses } = scanMarkers(source);
  return { required: uses, allowed: uses };
}

/**
 * The expectation for one form of a plural translation. It may hold any marker some source form
 * holds (English spells `one` as a word where Russian `one`, used for 21 too, needs the count),
 * and must hold the markers of the source form of its category or, for a category the source
 * lacks (Arabic `few` from English one/other), the markers every source form holds.
 */
export function expectationOfPluralForm(
  sourceForms: ReadonlyMap<string, string>,
  category: string,
): MarkerExpectation {
  const scans = new Map([...sourceForms].map(([name, form]) => [name, scanMarkers(form).uses]));
  const allowed = new Map<number, MarkerUse>();
  for (const uses of scans.values())
    for (const [id, use] of uses) {
      const seen = allowed.get(id);
      if (!seen || seen.count < use.count) allowed.set(id, use);
    }
  const own = scans.get(category);
  const required =
    own ?? new Map([...allowed].filter(([id]) => [...scans.values()].every((uses) => uses.has(id))));
  return { required, allowed };
}

/** The marker problems of one translated text (a plain translation, or one plural form). */
export function compareMarkers(
  expected: MarkerExpectation,
  translation: string,
  category?: string,
): QaIssue[] {
  const scan = scanMarkers(translation, category);
  const issues: QaIssue[] = [...scan.issues];
  const at = category === undefined ? '' : ` (${category})`;
  const where = category === undefined ? {} : { category };
  for (const [id, use] of expected.required) {
    if (scan.uses.has(id)) continue;
    const marker = markerLabel(id, use.isPaired);
    issues.push({
      code: 'MISSING_PLACEHOLDER',
      message: `Placeholder ${marker} is missing${at}`,
      marker,
      ...where,
    });
  }
  for (const [id, use] of scan.uses) {
    const source = expected.allowed.get(id);
    const marker = markerLabel(id, use.isPaired);
    if (!source)
      issues.push({
        code: 'EXTRA_PLACEHOLDER',
        message: `Placeholder ${marker} is not in the source${at}`,
        marker,
        ...where,
      });
    else if (source.isPaired !== use.isPaired) {
      const expectedMarker = markerLabel(id, source.isPaired);
      issues.push({
        code: 'BROKEN_PLACEHOLDER',
        message: `${marker} should be written ${expectedMarker}${at}`,
        marker: expectedMarker,
        ...where,
      });
    } else if (use.count > source.count)
      issues.push({
        code: 'DUPLICATE_PLACEHOLDER',
        message: `Placeholder ${marker} appears ${use.count} times, ${source.count} in the source${at}`,
        marker,
        ...where,
      });
  }
  return issues;
}
