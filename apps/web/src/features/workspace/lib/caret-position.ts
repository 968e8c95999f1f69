/** A caret's box: the left edge and the line it sits on (px). */
export interface CaretBox {
  left: number;
  top: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface ListPlacement {
  left: number;
  top: number;
  /** 'above' when the list did not fit under the caret and does fit over it. */
  side: 'below' | 'above';
}

interface PlaceListInput {
  /** The caret in viewport coordinates. */
  caret: CaretBox;
  list: Size;
  viewport: Size;
  /** Space between the caret's line and the list. */
  gap?: number;
  /** Smallest distance kept from the viewport's edges. */
  margin?: number;
}

/**
 * Where the candidate list goes (viewport coordinates, for position: fixed): its left edge under
 * the caret, just below the caret's line; flipped over the line when it would leave the bottom and
 * fits above; shifted left (never past the left edge) when it would leave the right side.
 */
export function placeCandidateList({
  caret,
  list,
  viewport,
  gap = 4,
  margin = 8,
}: PlaceListInput): ListPlacement {
  const maxLeft = viewport.width - margin - list.width;
  const left = Math.max(margin, Math.min(caret.left, maxLeft));

  const below = caret.top + caret.height + gap;
  const above = caret.top - gap - list.height;
  const fitsBelow = below + list.height <= viewport.height - margin;
  const fitsAbove = above >= margin;
  if (fitsBelow || !fitsAbove) {
    // Too tall for either side: stay below, but pull it up so its top part stays visible.
    const top = fitsBelow ? below : Math.max(margin, Math.min(below, viewport.height - margin - list.height));
    return { left, top, side: 'below' };
  }
  return { left, top: above, side: 'above' };
}

/**
 * The computed styles that decide where text wraps and how tall a line is: the mirror copies them
 * so its text lays out exactly like the field's.
 */
const MIRRORED_PROPERTIES = [
  'direction',
  'box-sizing',
  'width',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-style',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'font-style',
  'font-variant',
  'font-weight',
  'font-stretch',
  'font-size',
  'font-size-adjust',
  'line-height',
  'font-family',
  'font-feature-settings',
  'font-kerning',
  'text-align',
  'text-transform',
  'text-indent',
  'text-rendering',
  'letter-spacing',
  'word-spacing',
  'tab-size',
] as const;

type TextField = HTMLTextAreaElement | HTMLInputElement;

/**
 * The caret's box at `index` inside `field`, relative to the field's border box as it is seen
 * (scrolling included), by the mirror-div technique: an invisible div styled like the field holds
 * the text before the caret, a marker span, then the rest; the marker's offset is the caret's.
 */
export function measureCaretInField(field: TextField, index: number): CaretBox {
  const doc = field.ownerDocument;
  const view = doc.defaultView ?? window;
  const style = view.getComputedStyle(field);
  const isInput = field instanceof view.HTMLInputElement;

  const mirror = doc.createElement('div');
  for (const property of MIRRORED_PROPERTIES) {
    mirror.style.setProperty(property, style.getPropertyValue(property));
  }
  mirror.style.position = 'absolute';
  mirror.style.visibility = 'hidden';
  mirror.style.top = '0';
  mirror.style.left = '-9999px';
  // A field that scrolls has a scrollbar taking width from its text: so does the mirror.
  mirror.style.overflowY = field.scrollHeight > field.clientHeight ? 'scroll' : 'hidden';
  mirror.style.overflowX = 'hidden';
  // A textarea wraps (pre-wrap, long words broken); an input is one unbroken line.
  mirror.style.whiteSpace = isInput ? 'pre' : 'pre-wrap';
  mirror.style.overflowWrap = isInput ? 'normal' : 'break-word';
  mirror.style.height = 'auto';

  // An input shows spaces that a div would collapse at the end of a line.
  const shown = (text: string) => (isInput ? text.replace(/\s/g, '\u00a0') : text);
  mirror.textContent = shown(field.value.slice(0, index));
  // A zero-width space gets an inline box on the caret's line without moving anything; the rest of
  // the text follows it so the word being typed wraps as it does in the field.
  const marker = doc.createElement('span');
  marker.textContent = '\u200b';
  mirror.appendChild(marker);
  mirror.appendChild(doc.createTextNode(shown(field.value.slice(index))));
  doc.body.appendChild(mirror);

  // 'normal' line height: about 1.2 font sizes; unparsable lengths (no layout) count as 0.
  const lineHeight = pixels(style.lineHeight) || pixels(style.fontSize) * 1.2 || marker.offsetHeight;
  // An inline box is the font's height, centred in the line box: the line starts above it.
  const halfLeading = Math.max(0, (lineHeight - marker.offsetHeight) / 2);
  const box: CaretBox = {
    left: marker.offsetLeft + pixels(style.borderLeftWidth) - field.scrollLeft,
    top: marker.offsetTop - halfLeading + pixels(style.borderTopWidth) - field.scrollTop,
    height: lineHeight,
  };
  mirror.remove();
  return box;
}

function pixels(length: string): number {
  const value = Number.parseFloat(length);
  return Number.isFinite(value) ? value : 0;
}
