/**
 * Placeholder markers of plural forms in ONE plural message. Each codec numbers the markers of a
 * form from 1 (`one {<x1/> file}`, `other {<x1/> files}`), and forms need not hold the same
 * pieces. The message numbers every distinct piece once, in message order, so `<x1/>` means the
 * same `%d` in every branch and QA can compare one placeholder list. A piece is told apart by its
 * markup and, when a form holds the same markup twice, by which occurrence it is.
 */
import { findPlaceholderTokens, formatPlaceholder } from '../../html/placeholder-syntax';
import type { PluralCategory } from '../plural-categories';
import { pluralMessage } from './plural-message';

/** A protected piece of one form, as its codec numbers it. */
export interface FormPiece {
  readonly id: number;
  /** What tells the piece apart (its markup; a paired tag's opening and closing markup). */
  readonly identity: string;
  /** The markup shown as the placeholder. */
  readonly raw: string;
}

export interface PluralForm {
  readonly category: PluralCategory;
  readonly text: string;
  readonly pieces: readonly FormPiece[];
}

/** A form's pieces by occurrence key (`identity` + which occurrence of it), with their ids. */
function occurrenceKeys(text: string, pieces: readonly FormPiece[]): Map<string, FormPiece> {
  const byId = new Map(pieces.map((piece) => [piece.id, piece]));
  const seen = new Map<string, number>();
  const keys = new Map<string, FormPiece>();
  const counted = new Set<number>();
  for (const token of findPlaceholderTokens(text)) {
    const piece = byId.get(token.id);
    if (!piece || counted.has(piece.id)) continue;
    counted.add(piece.id);
    const nth = seen.get(piece.identity) ?? 0;
    seen.set(piece.identity, nth + 1);
    keys.set(`${nth}\u0000${piece.identity}`, piece);
  }
  return keys;
}

/** The text with each marker's number changed by `renumber` (undefined: `fallback` of the marker). */
function renumberMarkers(
  text: string,
  renumber: (id: number) => number | undefined,
  fallback: (id: number) => string,
): string {
  let out = '';
  let from = 0;
  for (const token of findPlaceholderTokens(text)) {
    const id = renumber(token.id);
    out += text.slice(from, token.index);
    out +=
      id === undefined
        ? token.form === 'close'
          ? ''
          : fallback(token.id)
        : formatPlaceholder(id, token.form);
    from = token.index + token.length;
  }
  return out + text.slice(from);
}

/** The forms as one ICU plural message with one numbering of markers, and the pieces in that numbering. */
export interface MergedPlural {
  readonly text: string;
  readonly placeholders: string[];
  /** Occurrence key of each message marker (index 0 = `<x1/>`), to map translations back. */
  readonly keys: string[];
}

/**
 * `base`: the numbering to extend (a translation's forms numbered as its source's message, so the
 * same `%d` keeps its marker; a piece the source lacks gets the next free number).
 */
export function mergePluralForms(
  forms: readonly PluralForm[],
  variable = 'count',
  base?: Pick<MergedPlural, 'keys' | 'placeholders'>,
): MergedPlural {
  const keys: string[] = [...(base?.keys ?? [])];
  const placeholders: string[] = [...(base?.placeholders ?? [])];
  const texts = new Map<string, string>();
  for (const form of forms) {
    const local = new Map<number, number>();
    for (const [key, piece] of occurrenceKeys(form.text, form.pieces)) {
      let index = keys.indexOf(key);
      if (index === -1) {
        index = keys.push(key) - 1;
        placeholders.push(piece.raw);
      }
      local.set(piece.id, index + 1);
    }
    texts.set(
      form.category,
      renumberMarkers(
        form.text,
        (id) => local.get(id),
        (id) => formatPlaceholder(id, 'void'),
      ),
    );
  }
  return { text: pluralMessage(texts, variable), placeholders, keys };
}

/**
 * A translated branch (message numbering) in the numbering of the source form its codec writes
 * it with. A marker that form lacks is handed to `missing` (which may write the piece's markup
 * as text, or throw).
 */
export function branchForForm(
  branch: string,
  merged: MergedPlural,
  form: Pick<PluralForm, 'text' | 'pieces'>,
  missing: (raw: string | undefined, marker: number) => string,
): string {
  const local = occurrenceKeys(form.text, form.pieces);
  return renumberMarkers(
    branch,
    (id) => {
      const key = merged.keys[id - 1];
      return key === undefined ? undefined : local.get(key)?.id;
    },
    (id) => missing(merged.placeholders[id - 1], id),
  );
}
