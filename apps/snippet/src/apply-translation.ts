import { findPlaceholderTokens, VOID_ELEMENTS } from '@bhasha/engine';
import type { DomSegment } from './collect-dom-segments';

/** A translation put into the page, and how to take it out again. */
export interface AppliedTranslation {
  /** A node of the translated part, to find the translations inside a part of the page that changed. */
  readonly anchor: Node;
  /** Puts the source back, unless the page replaced the translated content meanwhile. */
  revert(): void;
}

function applyToAttribute(
  element: Element,
  attribute: string,
  translated: string,
): AppliedTranslation | undefined {
  const original = element.getAttribute(attribute);
  if (original === null) return undefined;
  element.setAttribute(attribute, translated);
  return {
    anchor: element,
    revert: () => {
      if (element.getAttribute(attribute) === translated) element.setAttribute(attribute, original);
    },
  };
}

// The common case: one text node, no inline markup. Changing `data` in place keeps the node that
// frameworks (React, Vue) hold on to, so their own later updates still land.
function applyToTextNode(
  found: DomSegment,
  node: Text,
  chunk: number,
  translated: string,
): AppliedTranslation {
  const { segment, source } = found;
  const original = node.data;
  // Outside the segment's range there is only whitespace, whose length escaping does not change.
  const prefix = original.slice(0, segment.start - source.chunkStart(chunk));
  const suffix = original.slice(original.length - (source.chunkEnd(chunk) - segment.end));
  const data = prefix + translated + suffix;
  node.data = data;
  return {
    anchor: node,
    revert: () => {
      if (node.data === data) node.data = original;
    },
  };
}

/** The outermost nodes of a segment's range when they are consecutive siblings holding the whole range. */
function findTopLevelNodes(found: DomSegment, first: number, last: number): Node[] | undefined {
  const { source } = found;
  const started = new Set<Node>();
  const unclosed = new Set<Node>();
  const topLevel: Node[] = [];
  for (let index = first; index <= last; index += 1) {
    const node = source.nodeAt(index)!;
    if (node.nodeType === Node.ELEMENT_NODE) {
      if (started.has(node)) {
        unclosed.delete(node);
        continue;
      }
      started.add(node);
      if (!VOID_ELEMENTS.has((node as Element).localName)) unclosed.add(node);
    }
    if (node.parentNode === null) return undefined;
    if (!started.has(node.parentNode)) topLevel.push(node);
  }
  // An element cut by the range (its end outside), or nodes under different parents: leave it alone.
  if (unclosed.size > 0 || topLevel.length === 0) return undefined;
  for (let index = 1; index < topLevel.length; index += 1) {
    if (topLevel[index - 1]!.nextSibling !== topLevel[index]) return undefined;
  }
  return topLevel;
}

/**
 * Rebuilds a segment with inline markup from its translation: text becomes text nodes, and each
 * placeholder marker brings back the page's own element (the first time; a clone when repeated),
 * so links keep their listeners. A translation can move, drop or repeat the source's elements but
 * never create one: nothing of it is parsed as HTML.
 */
function applyToMarkup(
  found: DomSegment,
  first: number,
  last: number,
  translated: string,
): AppliedTranslation | undefined {
  const { segment, source } = found;
  const topLevel = findTopLevelNodes(found, first, last);
  if (!topLevel) return undefined;
  const parent = topLevel[0]!.parentNode!;
  const after = topLevel[topLevel.length - 1]!.nextSibling;
  const document = parent.ownerDocument ?? (parent as Document);

  const firstNode = source.nodeAt(first)!;
  const lastNode = source.nodeAt(last)!;
  const prefix =
    firstNode.nodeType === Node.TEXT_NODE
      ? (firstNode as Text).data.slice(0, segment.start - source.chunkStart(first))
      : '';
  const suffix =
    lastNode.nodeType === Node.TEXT_NODE
      ? (lastNode as Text).data.slice((lastNode as Text).data.length - (source.chunkEnd(last) - segment.end))
      : '';

  const byId = new Map(segment.placeholders.map((placeholder, index) => [placeholder.id, index]));
  const used = new Set<Node>();
  const savedChildren = new Map<Element, Node[]>();
  const fragment = document.createDocumentFragment();
  const open: { element: Node; id: number }[] = [];
  const current = (): Node => open[open.length - 1]?.element ?? fragment;
  const appendText = (text: string): void => {
    if (text !== '') current().appendChild(document.createTextNode(text));
  };
  const takeElement = (node: Node, withContent: boolean): Node => {
    if (used.has(node)) return node.cloneNode(withContent);
    used.add(node);
    if (!withContent) {
      savedChildren.set(node as Element, Array.from(node.childNodes));
      while (node.firstChild) node.removeChild(node.firstChild);
    }
    return node;
  };

  appendText(prefix);
  let cursor = 0;
  for (const token of findPlaceholderTokens(translated)) {
    appendText(translated.slice(cursor, token.index));
    const marker = translated.slice(token.index, token.index + token.length);
    cursor = token.index + token.length;
    const index = byId.get(token.id);
    const node = index === undefined ? undefined : found.placeholderNodes[index];
    if (index === undefined || node === undefined) {
      appendText(marker);
      continue;
    }
    if (segment.placeholders[index]!.kind !== 'paired') {
      if (token.form !== 'close') current().appendChild(takeElement(node, true));
    } else if (token.form === 'open') {
      const element = takeElement(node, false);
      current().appendChild(element);
      open.push({ element, id: token.id });
    } else if (token.form === 'void') {
      current().appendChild(takeElement(node, false));
    } else {
      // An end marker closes the elements opened after its own; a stray one is dropped.
      for (let at = open.length - 1; at >= 0; at -= 1) {
        if (open[at]!.id !== token.id) continue;
        open.length = at;
        break;
      }
    }
  }
  appendText(translated.slice(cursor));
  open.length = 0;
  appendText(suffix);

  // Keeps a place in the page even when a translation holds nothing but stray markers.
  if (!fragment.firstChild) fragment.appendChild(document.createTextNode(''));
  const inserted = Array.from(fragment.childNodes);
  for (const node of topLevel) if (node.parentNode === parent) parent.removeChild(node);
  parent.insertBefore(fragment, after && after.parentNode === parent ? after : null);
  return {
    anchor: inserted[0]!,
    revert: () => {
      if (!inserted.every((node) => node.parentNode === parent)) return;
      const marker = document.createTextNode('');
      parent.insertBefore(marker, inserted[0]!);
      for (const node of inserted) parent.removeChild(node);
      for (const [element, children] of savedChildren) {
        while (element.firstChild) element.removeChild(element.firstChild);
        for (const child of children) element.appendChild(child);
      }
      for (const node of topLevel) parent.insertBefore(node, marker);
      parent.removeChild(marker);
    },
  };
}

/**
 * Puts one segment's translation into the page with `data`, `setAttribute` and node moves only
 * (never `innerHTML`): translations are text, whatever they contain. Answers undefined when the
 * segment's nodes are not in a shape that can be swapped safely; the source then stays.
 */
export function applyTranslation(found: DomSegment, translated: string): AppliedTranslation | undefined {
  const { segment, source } = found;
  if (translated.trim() === '') return undefined;
  if (found.element && segment.attribute)
    return applyToAttribute(found.element, segment.attribute, translated);
  const first = source.chunkAt(segment.start);
  const last = source.chunkAt(segment.end - 1);
  const node = source.nodeAt(first);
  if (first === last && segment.placeholders.length === 0 && node?.nodeType === Node.TEXT_NODE) {
    return applyToTextNode(found, node as Text, first, translated);
  }
  return applyToMarkup(found, first, last, translated);
}
