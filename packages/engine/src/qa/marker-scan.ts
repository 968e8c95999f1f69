import { PLACEHOLDER_PATTERN, findPlaceholderTokens, formatPlaceholder } from '../html/placeholder-syntax';
import type { QaIssue } from './qa-issue';

/** How a text uses one marker id: paired (`<xN>…</xN>`) or alone (`<xN/>`), and how often. */
export interface MarkerUse {
  readonly isPaired: boolean;
  readonly count: number;
}

/** The markers of a text by id, and what is wrong with their structure. */
export interface MarkerScan {
  readonly uses: ReadonlyMap<number, MarkerUse>;
  readonly issues: readonly QaIssue[];
}

// What is left of a marker a translator or an engine cut or mistyped, once whole markers are gone:
// an opening `<x1` with no `>`, a `x1/>` with no `<`, or a marker escaped as entities.
const MARKER_REMNANT =
  /<\s*\/?\s*[xX]\d{1,6}|(?:^|[^\p{L}\p{N}])[xX]\d{1,6}\s*\/?\s*>|&lt;\s*\/?\s*[xX]\d{1,6}/u;

/** The marker as the editor shows it. */
export function markerLabel(id: number, isPaired: boolean): string {
  return isPaired
    ? `${formatPlaceholder(id, 'open')}…${formatPlaceholder(id, 'close')}`
    : formatPlaceholder(id, 'void');
}

/**
 * Reads the markers of one text (a plain segment, or one form of a plural). Paired markers must
 * close in the reverse order they opened, as elements do, because their export puts the source's
 * tags back where they stand.
 */
export function scanMarkers(text: string, category?: string): MarkerScan {
  const uses = new Map<number, { isPaired: boolean; count: number }>();
  const issues: QaIssue[] = [];
  const at = category === undefined ? '' : ` (${category})`;
  const broken = (marker: string, why: string) =>
    issues.push({
      code: 'BROKEN_PLACEHOLDER',
      message: `${why}${at}`,
      marker,
      ...(category ? { category } : {}),
    });

  const open: number[] = [];
  for (const token of findPlaceholderTokens(text)) {
    if (token.form === 'close') {
      const depth = open.lastIndexOf(token.id);
      if (depth === -1)
        broken(
          formatPlaceholder(token.id, 'close'),
          `${formatPlaceholder(token.id, 'close')} closes nothing`,
        );
      else {
        if (depth !== open.length - 1) {
          const inner = open[open.length - 1]!;
          issues.push({
            code: 'MISNESTED_PLACEHOLDER',
            message: `${formatPlaceholder(token.id, 'close')} closes before ${formatPlaceholder(inner, 'close')}${at}`,
            marker: markerLabel(token.id, true),
            ...(category ? { category } : {}),
          });
        }
        open.splice(depth, 1);
      }
      continue;
    }
    const isPaired = token.form === 'open';
    if (isPaired) open.push(token.id);
    const use = uses.get(token.id);
    if (use) use.count += 1;
    else uses.set(token.id, { isPaired, count: 1 });
  }
  for (const id of open) broken(markerLabel(id, true), `${formatPlaceholder(id, 'open')} is never closed`);

  const remnant = MARKER_REMNANT.exec(text.replace(PLACEHOLDER_PATTERN, ' '));
  if (remnant) {
    const piece = remnant[0].replace(/^[^<&xX]+/, '');
    broken(piece, `"${piece}" is a broken placeholder`);
  }
  return { uses, issues };
}
