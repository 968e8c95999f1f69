import { escapeHtmlText, serialiseEndTag, serialiseStartTag } from './escape-html';
import { collapseHtmlWhitespace, leadingHtmlWhitespace, trailingHtmlWhitespace } from './normalise-text';
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
  /** The placeholders (empty when built without markup: see `buildSegmentTexts`). */
  readonly placeholders: Placeholder[];
  /** How many placeholders the text holds (also when built without markup). */
  readonly placeholderCount: number;
  readonly start: number;
  readonly end: number;
  /** For each placeholder (same order): the start offset of the piece it stands for, so a DOM caller can find its element. */
  readonly placeholderStarts: number[];
}

type Token =
  { type: 'text'; text: string } | { type: 'placeholder'; form: 'open' | 'close' | 'void'; key: number };

/** A placeholder found, before it is numbered: which pieces it stands for. */
interface Draft {
  readonly kind: Placeholder['kind'];
  /** The piece it stands for (the open piece of a paired one or of a void group). */
  readonly piece: number;
  /** For a void group (an inline element holding no text): its last piece. */
  readonly groupEnd?: number;
}

// Text that shapes layout but says nothing: whitespace (NBSP included) and zero-width characters,
// like the U+200B inside heading anchors (`<h2>Title<a href="#title">&#8203;</a></h2>`).
const BLANK_TEXT = /^[\s\u200b-\u200d\u2060\ufeff]*$/u;

// `BLANK_TEXT.test(text)`, answered without the regular expression while the text is ASCII: the
// first ASCII character that is not whitespace settles it (most texts start with a letter).
function isBlankText(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 32 || (code >= 9 && code <= 13)) continue;
    if (code < 0x80) return false;
    return BLANK_TEXT.test(text);
  }
  return true;
}

// Shared by every text built without markup, which never reads them (frozen, so none can change them).
const NO_PLACEHOLDERS = Object.freeze([]) as unknown as Placeholder[];
const NO_STARTS = Object.freeze([]) as unknown as number[];

// How much HTML whitespace source range [start, end) starts and ends with: a page's HTML (a
// string) is scanned where it lies, with no slice made per segment; another source (the
// snippet's DOM) is sliced.
function leadingWhitespaceOf(html: SourceText, start: number, end: number): number {
  return typeof html === 'string'
    ? leadingHtmlWhitespace(html, start, end)
    : leadingHtmlWhitespace(html.slice(start, end));
}

function trailingWhitespaceOf(html: SourceText, start: number, end: number): number {
  return typeof html === 'string'
    ? trailingHtmlWhitespace(html, start, end)
    : trailingHtmlWhitespace(html.slice(start, end));
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

// Whether piece `index` is blank text: a text piece not counted by textBefore.
function isBlankAt(pieces: readonly Piece[], textBefore: readonly number[], index: number): boolean {
  return pieces[index]!.type === 'text' && textBefore[index + 1] === textBefore[index];
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
  for (;;) {
    const first = pieces[lo];
    const last = pieces[hi];
    if (lo > hi || !first || !last) return [lo, hi];
    if (isBlankAt(pieces, textBefore, lo) || first.type === 'void' || first.type === 'opaque') lo += 1;
    else if (first.type === 'open' && (first.partner === undefined || first.partner > hi)) lo += 1;
    else if (first.type === 'close') lo += 1;
    else if (first.type === 'open' && textBefore[first.partner!] === textBefore[lo]) lo = first.partner! + 1;
    else if (isBlankAt(pieces, textBefore, hi) || last.type === 'void' || last.type === 'opaque') hi -= 1;
    else if (last.type === 'close' && (last.partner === undefined || last.partner < lo)) hi -= 1;
    else if (last.type === 'open') hi -= 1;
    else if (last.type === 'close' && textBefore[hi] === textBefore[last.partner!]) hi = last.partner! - 1;
    else if (first.type === 'open' && first.partner === hi) {
      lo += 1;
      hi -= 1;
    } else return [lo, hi];
  }
}

function countTextBefore(pieces: readonly Piece[]): number[] {
  const textBefore: number[] = [0];
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    textBefore[index + 1] = textBefore[index]! + (piece.type === 'text' && !isBlankText(piece.text) ? 1 : 0);
  }
  return textBefore;
}

// A block whose text all sits in sibling inline elements with nothing but spaces or icons between
// them is a list of items (menus, breadcrumbs, footer links), not a sentence: each item becomes a
// segment of its own. Answers those items' piece ranges, or the whole block.
function findItemRanges(pieces: readonly Piece[], textBefore: readonly number[]): [number, number][] {
  const items: [number, number][] = [];
  for (let index = 0; index < pieces.length; index += 1) {
    const piece = pieces[index]!;
    if (piece.type === 'text' && !isBlankAt(pieces, textBefore, index)) return [[0, pieces.length - 1]];
    if (piece.type !== 'open') continue;
    const end = piece.partner ?? pieces.length - 1;
    if (textBefore[end + 1] !== textBefore[index]) items.push([index, end]);
    index = end;
  }
  return items.length > 1 ? items : [[0, pieces.length - 1]];
}

/**
 * Turns a block's pieces into segment texts: one for a sentence, one per item for a list of links.
 * Without `withMarkup` the placeholders are only counted, not built (their HTML, attributes and
 * pieces' offsets): the text, its hash and its words are the same either way.
 */
export function buildSegmentTexts(
  pieces: readonly Piece[],
  html: SourceText,
  withMarkup = true,
): BuiltText[] {
  const only = pieces.length === 1 ? pieces[0] : undefined;
  if (only?.type === 'text') {
    // The common case (`<li>Text</li>`): one run of text, no markup.
    const start = only.start + leadingWhitespaceOf(html, only.start, only.end);
    const end = only.end - trailingWhitespaceOf(html, only.start, only.end);
    const text = collapseHtmlWhitespace(only.text);
    // Without markup the arrays are never read (facts only): shared, not two new ones per segment.
    const placeholders = withMarkup ? [] : NO_PLACEHOLDERS;
    const placeholderStarts = withMarkup ? [] : NO_STARTS;
    return [{ text, placeholders, placeholderCount: 0, start, end, placeholderStarts }];
  }
  const textBefore = countTextBefore(pieces);
  const texts: BuiltText[] = [];
  for (const [from, to] of findItemRanges(pieces, textBefore)) {
    const built = buildSegmentText(pieces, html, textBefore, from, to, withMarkup);
    if (built) texts.push(built);
  }
  return texts;
}

// The placeholder a draft stands for, numbered `id`, with the markup it puts back.
function placeholderOf(draft: Draft, id: number, pieces: readonly Piece[], html: SourceText): Placeholder {
  // Drafts stand for tags and opaque subtrees, never for text.
  const piece = pieces[draft.piece] as Exclude<Piece, { type: 'text' }>;
  const attributes = piece.type === 'open' || piece.type === 'void' ? piece.attributes : {};
  if (draft.kind === 'paired') {
    return {
      id,
      kind: 'paired',
      tag: piece.tag,
      attributes,
      html: serialiseStartTag(piece.tag, attributes),
      closeHtml: serialiseEndTag(piece.tag),
    };
  }
  let markup = '';
  if (draft.groupEnd === undefined) markup = pieceHtml(piece, html);
  else
    for (let inner = draft.piece; inner <= draft.groupEnd; inner += 1)
      markup += pieceHtml(pieces[inner]!, html);
  return { id, kind: draft.kind, tag: piece.tag, attributes, html: markup };
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
  withMarkup: boolean,
): BuiltText | undefined {
  const [lo, hi] = trimEdges(pieces, textBefore, from, to);
  if (lo > hi || textBefore[hi + 1] === textBefore[lo]) return undefined;

  const drafts: Draft[] = [];
  const tokens: Token[] = [];
  // Made when first needed: most segments have no paired tag and no literal marker.
  let draftOfOpen: Map<number, number> | undefined;
  for (let index = lo; index <= hi; index += 1) {
    const piece = pieces[index]!;
    if (piece.type === 'text') {
      tokens.push({ type: 'text', text: piece.text });
    } else if (piece.type === 'open' && piece.partner !== undefined && piece.partner <= hi) {
      if (textBefore[piece.partner] === textBefore[index]) {
        drafts.push({ kind: 'void', piece: index, groupEnd: piece.partner });
        tokens.push({ type: 'placeholder', form: 'void', key: drafts.length - 1 });
        index = piece.partner;
      } else {
        (draftOfOpen ??= new Map()).set(index, drafts.length);
        drafts.push({ kind: 'paired', piece: index });
        tokens.push({ type: 'placeholder', form: 'open', key: drafts.length - 1 });
      }
    } else if (piece.type === 'close' && piece.partner !== undefined && draftOfOpen?.has(piece.partner)) {
      tokens.push({ type: 'placeholder', form: 'close', key: draftOfOpen.get(piece.partner)! });
    } else {
      drafts.push({ kind: piece.type === 'opaque' ? 'opaque' : 'void', piece: index });
      tokens.push({ type: 'placeholder', form: 'void', key: drafts.length - 1 });
    }
  }

  let literal: Set<number> | undefined;
  for (const token of tokens) {
    // A marker starts with '<': text without one (almost all) holds none.
    if (token.type === 'text' && token.text.includes('<'))
      for (const found of findPlaceholderTokens(token.text)) (literal ??= new Set()).add(found.id);
  }
  const ids: number[] = [];
  let next = 1;
  for (let key = 0; key < drafts.length; key += 1) {
    while (literal?.has(next)) next += 1;
    ids[key] = next;
    next += 1;
  }
  let joined = '';
  for (const token of tokens) {
    joined += token.type === 'text' ? token.text : formatPlaceholder(ids[token.key]!, token.form);
  }
  const text = collapseHtmlWhitespace(joined);
  const placeholders = withMarkup
    ? drafts.map((draft, key) => placeholderOf(draft, ids[key]!, pieces, html))
    : NO_PLACEHOLDERS;
  const placeholderStarts = withMarkup ? drafts.map((draft) => pieces[draft.piece]!.start) : NO_STARTS;

  const first = pieces[lo]!;
  const last = pieces[hi]!;
  const start =
    first.type === 'text' ? first.start + leadingWhitespaceOf(html, first.start, first.end) : first.start;
  const end = last.type === 'text' ? last.end - trailingWhitespaceOf(html, last.start, last.end) : last.end;
  return { text, placeholders, placeholderCount: drafts.length, start, end, placeholderStarts };
}
