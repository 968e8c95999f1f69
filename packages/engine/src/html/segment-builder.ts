import { escapeHtmlText, serialiseEndTag, serialiseStartTag } from './escape-html';
import { collapseHtmlWhitespace } from './normalise-text';
import { findPlaceholderTokens, formatPlaceholder } from './placeholder-syntax';
import type { Placeholder, SourceText } from './segment-types';

/** A piece of a block's content as the parser met it; offsets are into the page's HTML. */
export type Piece =
  | { type: 'text'; text: string; start: number; end: number }
  | {
      type: 'open';
      tag: string;
      attributes: Record<string, string>;
      start: number;
      end: number;
      partner?: number;
    }
  | { type: 'close'; tag: string; start: number; end: number; partner?: number }
  | { type: 'void'; tag: string; attributes: Record<string, string>; start: number; end: number }
  | { type: 'opaque'; tag: string; start: number; end: number };

/** A block's content turned into segment text. */
export interface BuiltText {
  readonly text: string;
  readonly placeholders: Placeholder[];
  readonly start: number;
  readonly end: number;
  /** For each placeholder (same order): the start offset of the piece it stands for, so a DOM caller can find its element. */
  readonly placeholderStarts: number[];
}

type Token =
  { type: 'text'; text: string } | { type: 'placeholder'; form: 'open' | 'close' | 'void'; key: number };

const LEADING_WHITESPACE = /^[\t\n\f\r ]*/;
const TRAILING_WHITESPACE = /[\t\n\f\r ]*$/;

// Text that shapes layout but says nothing: whitespace (NBSP included) and zero-width characters,
// like the U+200B inside heading anchors (`<h2>Title<a href="#title">&#8203;</a></h2>`).
const BLANK_TEXT = /^[\s\u200b-\u200d\u2060\ufeff]*$/u;

function isBlank(piece: Piece): boolean {
  return piece.type === 'text' && BLANK_TEXT.test(piece.text);
}

function pieceHtml(piece: Piece, html: SourceText): string {
  switch (piece.type) {
    case 'text':
      return escapeHtmlText(piece.text);
    case 'open':
    case 'void':
      return serialiseStartTag(piece.tag, piece.attributes);
    case 'close':
      return serialiseEndTag(piece.tag);
    case 'opaque':
      return html.slice(piece.start, piece.end);
  }
}

// Leading and trailing lone tags, tags wrapping the whole content and inline elements without
// text stay outside the segment (Okapi's "trim leading/trailing codes"): `<p><a>Home</a></p>`
// gives "Home", not "<x1>Home</x1>". textBefore[i] counts the non-blank text pieces before i.
function trimEdges(
  pieces: readonly Piece[],
  textBefore: readonly number[],
  from: number,
  to: number,
): [number, number] {
  let lo = from;
  let hi = to;
  const hasNoText = (first: number, last: number): boolean => textBefore[last]! === textBefore[first]!;
  for (;;) {
    const first = pieces[lo];
    const last = pieces[hi];
    if (lo > hi || !first || !last) return [lo, hi];
    if (isBlank(first) || first.type === 'void' || first.type === 'opaque') lo += 1;
    else if (first.type === 'open' && (first.partner === undefined || first.partner > hi)) lo += 1;
    else if (first.type === 'close') lo += 1;
    else if (first.type === 'open' && hasNoText(lo, first.partner!)) lo = first.partner! + 1;
    else if (isBlank(last) || last.type === 'void' || last.type === 'opaque') hi -= 1;
    else if (last.type === 'close' && (last.partner === undefined || last.partner < lo)) hi -= 1;
    else if (last.type === 'open') hi -= 1;
    else if (last.type === 'close' && hasNoText(last.partner!, hi)) hi = last.partner! - 1;
    else if (first.type === 'open' && first.partner === hi) {
      lo += 1;
      hi -= 1;
    } else return [lo, hi];
  }
}

function countTextBefore(pieces: readonly Piece[]): number[] {
  const textBefore: number[] = [0];
  pieces.forEach((piece, index) => {
    textBefore[index + 1] = textBefore[index]! + (piece.type === 'text' && !isBlank(piece) ? 1 : 0);
  });
  return textBefore;
}

// A block whose text all sits in sibling inline elements with nothing but spaces or icons between
// them is a list of items (menus, breadcrumbs, footer links), not a sentence: each item becomes a
// segment of its own. Answers those items' piece ranges, or the whole block.
function findItemRanges(pieces: readonly Piece[], textBefore: readonly number[]): [number, number][] {
  const items: [number, number][] = [];
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    if (piece.type === 'text' && !isBlank(piece)) return [[0, pieces.length - 1]];
    if (piece.type !== 'open') continue;
    const end = piece.partner ?? pieces.length - 1;
    if (textBefore[end + 1] !== textBefore[index]) items.push([index, end]);
    index = end;
  }
  return items.length > 1 ? items : [[0, pieces.length - 1]];
}

/** Turns a block's pieces into segment texts: one for a sentence, one per item for a list of links. */
export function buildSegmentTexts(pieces: readonly Piece[], html: SourceText): BuiltText[] {
  const only = pieces.length === 1 ? pieces[0] : undefined;
  if (only?.type === 'text') {
    // The common case (`<li>Text</li>`): one run of text, no markup.
    const raw = html.slice(only.start, only.end);
    const start = only.start + LEADING_WHITESPACE.exec(raw)![0].length;
    const end = only.end - TRAILING_WHITESPACE.exec(raw)![0].length;
    return [{ text: collapseHtmlWhitespace(only.text), placeholders: [], start, end, placeholderStarts: [] }];
  }
  const textBefore = countTextBefore(pieces);
  const texts: BuiltText[] = [];
  for (const [from, to] of findItemRanges(pieces, textBefore)) {
    const built = buildSegmentText(pieces, html, textBefore, from, to);
    if (built) texts.push(built);
  }
  return texts;
}

/**
 * Turns pieces `from`..`to` into segment text with numbered placeholders, or undefined when no
 * text is left. Inline elements holding no text (icons, `<span><img></span>`) become one void
 * placeholder; tags whose partner lies outside the segment become void placeholders too, so the
 * segment's markup stays balanced. Numbers already written literally in the text are skipped, so
 * a placeholder can never be confused with text.
 */
function buildSegmentText(
  pieces: readonly Piece[],
  html: SourceText,
  textBefore: readonly number[],
  from: number,
  to: number,
): BuiltText | undefined {
  const [lo, hi] = trimEdges(pieces, textBefore, from, to);
  if (lo > hi || textBefore[hi + 1] === textBefore[lo]) return undefined;

  const drafts: {
    kind: Placeholder['kind'];
    tag: string;
    attributes: Record<string, string>;
    html: string;
    closeHtml?: string;
    pieceStart: number;
  }[] = [];
  const tokens: Token[] = [];
  const draftOfOpen = new Map<number, number>();
  for (let index = lo; index <= hi; index += 1) {
    const piece = pieces[index]!;
    if (piece.type === 'text') {
      tokens.push({ type: 'text', text: piece.text });
    } else if (piece.type === 'open' && piece.partner !== undefined && piece.partner <= hi) {
      if (textBefore[piece.partner] === textBefore[index]) {
        let group = '';
        for (let inner = index; inner <= piece.partner; inner += 1) group += pieceHtml(pieces[inner]!, html);
        drafts.push({
          kind: 'void',
          tag: piece.tag,
          attributes: piece.attributes,
          html: group,
          pieceStart: piece.start,
        });
        tokens.push({ type: 'placeholder', form: 'void', key: drafts.length - 1 });
        index = piece.partner;
      } else {
        draftOfOpen.set(index, drafts.length);
        drafts.push({
          kind: 'paired',
          tag: piece.tag,
          attributes: piece.attributes,
          html: serialiseStartTag(piece.tag, piece.attributes),
          closeHtml: serialiseEndTag(piece.tag),
          pieceStart: piece.start,
        });
        tokens.push({ type: 'placeholder', form: 'open', key: drafts.length - 1 });
      }
    } else if (piece.type === 'close' && piece.partner !== undefined && draftOfOpen.has(piece.partner)) {
      tokens.push({ type: 'placeholder', form: 'close', key: draftOfOpen.get(piece.partner)! });
    } else {
      const isOpaque = piece.type === 'opaque';
      const attributes = piece.type === 'open' || piece.type === 'void' ? piece.attributes : {};
      drafts.push({
        kind: isOpaque ? 'opaque' : 'void',
        tag: piece.tag,
        attributes,
        html: pieceHtml(piece, html),
        pieceStart: piece.start,
      });
      tokens.push({ type: 'placeholder', form: 'void', key: drafts.length - 1 });
    }
  }

  const literal = new Set(
    tokens.flatMap((token) =>
      token.type === 'text' ? findPlaceholderTokens(token.text).map((found) => found.id) : [],
    ),
  );
  const ids: number[] = [];
  let next = 1;
  for (let key = 0; key < drafts.length; key += 1) {
    while (literal.has(next)) next += 1;
    ids[key] = next;
    next += 1;
  }
  const placeholders = drafts.map(({ pieceStart: _pieceStart, ...draft }, key) => ({
    id: ids[key]!,
    ...draft,
  }));
  const placeholderStarts = drafts.map((draft) => draft.pieceStart);
  const text = collapseHtmlWhitespace(
    tokens
      .map((token) => (token.type === 'text' ? token.text : formatPlaceholder(ids[token.key]!, token.form)))
      .join(''),
  );

  const first = pieces[lo]!;
  const last = pieces[hi]!;
  const start =
    first.type === 'text'
      ? first.start + LEADING_WHITESPACE.exec(html.slice(first.start, first.end))![0].length
      : first.start;
  const end =
    last.type === 'text'
      ? last.end - TRAILING_WHITESPACE.exec(html.slice(last.start, last.end))![0].length
      : last.end;
  return { text, placeholders, start, end, placeholderStarts };
}
