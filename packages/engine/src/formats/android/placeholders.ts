import { formatPlaceholder } from '../../html/placeholder-syntax';
import type { DecodePart } from './escapes';
import type { AndroidPlaceholder, AndroidPlaceholderRole } from './types';

/**
 * A `java.util.Formatter` specifier as Android's `getString(id, args…)` reads it:
 * `%[argument$][flags][width][.precision]conversion` (`%s %1$s %d %.2f %,d %n %%`). The space
 * flag is left out: in running text "100% sure" is a percent sign, not `% s`.
 */
export const FORMAT_SPECIFIER = /%(?:\d+\$)?[-#+0,(<]*\d*(?:\.\d+)?(?:[tT][a-zA-Z]|[bBhHsScCdoxXeEfgGaA%n])/g;

/** An inline element found in the content, before it gets its number. */
export interface InlinePiece {
  readonly kind: AndroidPlaceholder['kind'];
  readonly role: AndroidPlaceholderRole;
  readonly raw: string;
  closeRaw?: string;
}

/** A marker of the content: which inline piece, and whether it opens, closes or stands alone. */
export interface InlineMarker {
  readonly piece: InlinePiece;
  readonly form: 'open' | 'close' | 'void';
}

/** Elements whose content translators never change: their whole markup is one placeholder. */
export function isProtectedElement(name: string): boolean {
  return name === 'xliff:g' || name.endsWith(':g');
}

const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?\/?>/g;

/**
 * CDATA holds markup as text (the app hands it to `Html.fromHtml`): its tags become placeholders
 * too, written back exactly as they were.
 */
export function splitCdataTags(chars: string, markers: InlineMarker[]): DecodePart[] {
  const parts: DecodePart[] = [];
  const open: { name: string; piece: InlinePiece }[] = [];
  let from = 0;
  for (const match of chars.matchAll(HTML_TAG)) {
    const tag = match[0];
    const name = /^<\/?([A-Za-z0-9]+)/.exec(tag)![1]!.toLowerCase();
    if (match.index > from) parts.push({ chars: chars.slice(from, match.index) });
    from = match.index + tag.length;
    if (tag.startsWith('</')) {
      const opener = open.findLastIndex((entry) => entry.name === name);
      if (opener !== -1) {
        const piece = open[opener]!.piece;
        open.splice(opener, 1);
        piece.closeRaw = tag;
        parts.push({ marker: markers.push({ piece, form: 'close' }) - 1 });
        continue;
      }
      parts.push({
        marker: markers.push({ piece: { kind: 'void', role: 'html', raw: tag }, form: 'void' }) - 1,
      });
    } else if (tag.endsWith('/>')) {
      parts.push({
        marker: markers.push({ piece: { kind: 'void', role: 'html', raw: tag }, form: 'void' }) - 1,
      });
    } else {
      const piece: InlinePiece = { kind: 'paired', role: 'html', raw: tag };
      open.push({ name, piece });
      parts.push({ marker: markers.push({ piece, form: 'open' }) - 1 });
    }
  }
  // An opening tag left without its end stays one void placeholder.
  for (const { piece } of open) Object.assign(piece, { kind: 'void' });
  if (from < chars.length) parts.push({ chars: chars.slice(from) });
  return parts;
}

/**
 * The translator's text from decoded pieces: format specifiers (unless `formatted="false"`) and
 * inline markers become numbered placeholders, in reading order.
 */
export function numberPlaceholders(
  pieces: readonly DecodePart[],
  markers: readonly InlineMarker[],
  findFormats: boolean,
): { text: string; placeholders: AndroidPlaceholder[] } {
  const placeholders: AndroidPlaceholder[] = [];
  let ids: Map<InlinePiece, number> | undefined; // most texts have no inline piece
  let text = '';
  for (const piece of pieces) {
    if ('chars' in piece) {
      // Every specifier starts with %: most texts have none and skip the pattern.
      text +=
        findFormats && piece.chars.includes('%')
          ? piece.chars.replace(FORMAT_SPECIFIER, formatMarker)
          : piece.chars;
      continue;
    }
    const marker = markers[piece.marker]!;
    ids ??= new Map();
    let id = ids.get(marker.piece);
    if (id === undefined) {
      id = placeholders.length + 1;
      ids.set(marker.piece, id);
      const { kind, role, raw, closeRaw } = marker.piece;
      placeholders.push(closeRaw === undefined ? { id, kind, role, raw } : { id, kind, role, raw, closeRaw });
    }
    const form = marker.piece.kind === 'paired' ? marker.form : 'void';
    text += formatPlaceholder(id, form);
  }
  return { text, placeholders };

  function formatMarker(specifier: string): string {
    const id = placeholders.length + 1;
    placeholders.push({ id, kind: 'void', role: 'format', raw: specifier });
    return formatPlaceholder(id, 'void');
  }
}
