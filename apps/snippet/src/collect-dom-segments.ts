import { SegmentAssembler, VOID_ELEMENTS, type ExtractOptions, type Segment } from '@bhasha/engine';
import { DomSource } from './dom-source';

/** Marks the snippet's own elements (the switcher): never collected, never translated. */
export const UI_ATTRIBUTE = 'data-bhasha-ui';

/** A segment found in the live DOM, with the nodes needed to put its translation in place. */
export interface DomSegment {
  readonly segment: Segment;
  readonly source: DomSource;
  /** The node each placeholder stands for, in `segment.placeholders` order. */
  readonly placeholderNodes: readonly Node[];
  /** For attribute and meta segments: the element carrying the attribute. */
  readonly element?: Element;
}

function readAttributes(element: Element): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    // The first of duplicated attributes wins, as in both parsers.
    if (!(name in attributes)) attributes[name] = attribute.value;
  }
  return attributes;
}

function walk(node: Node, assembler: SegmentAssembler, source: DomSource): void {
  if (node.nodeType === Node.TEXT_NODE) {
    const [start, end] = source.appendText(node as Text);
    assembler.text((node as Text).data, start, end);
    return;
  }
  if (node.nodeType === Node.COMMENT_NODE) {
    // Keeps the texts on both sides apart, as a comment does for htmlparser2.
    source.appendComment(node as Comment);
    return;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return;
  const element = node as Element;
  if (element.hasAttribute(UI_ATTRIBUTE)) return;
  const name = element.localName.toLowerCase();
  const attributes = readAttributes(element);
  const [start, end] = source.appendStartTag(element, name, attributes);
  assembler.openTag(name, attributes, start, end);
  if (VOID_ELEMENTS.has(name)) {
    assembler.closeTag(name, start, end);
    return;
  }
  // Nothing inside a skipped element is read: do not walk big scripts and SVGs.
  if (!assembler.isExcluding) {
    for (let child = element.firstChild; child !== null; child = child.nextSibling)
      walk(child, assembler, source);
  }
  const [closeStart, closeEnd] = source.appendEndTag(element, name);
  assembler.closeTag(name, closeStart, closeEnd);
}

function ancestorsOf(root: Element): Element[] {
  const chain: Element[] = [];
  for (let parent = root.parentElement; parent !== null; parent = parent.parentElement) chain.unshift(parent);
  return chain;
}

/**
 * Collects the segments of `root` (the whole document by default) from the live DOM with the
 * engine's segmenter, so texts and source hashes equal `extractSegments` on the same markup.
 * A subtree is read in the context of its ancestors: inside a `translate="no"` element or the
 * snippet's own UI it has no segments.
 */
export function collectDomSegments(root: Element, options: ExtractOptions = {}): DomSegment[] {
  const source = new DomSource();
  const placeholderNodes = new Map<Segment, Node[]>();
  const assembler = new SegmentAssembler(source, options, (segment, starts) => {
    if (starts.length > 0)
      placeholderNodes.set(
        segment,
        starts.map((start) => source.nodeAt(source.chunkAt(start))!),
      );
  });
  for (const ancestor of ancestorsOf(root)) {
    if (ancestor.hasAttribute(UI_ATTRIBUTE)) return [];
    const name = ancestor.localName.toLowerCase();
    const attributes = readAttributes(ancestor);
    const [start, end] = source.appendStartTag(ancestor, name, attributes);
    assembler.openTag(name, attributes, start, end);
  }
  if (assembler.isExcluding) return [];
  const rootStart = source.size;
  walk(root, assembler, source);
  const found: DomSegment[] = [];
  for (const segment of assembler.finish()) {
    // Ancestors were read for context only; their own attributes belong to another scan.
    if (segment.start < rootStart) continue;
    const isOnElement = segment.kind === 'attribute' || segment.kind === 'meta';
    found.push({
      segment,
      source,
      placeholderNodes: placeholderNodes.get(segment) ?? [],
      ...(isOnElement ? { element: source.nodeAt(source.chunkAt(segment.start)) as Element } : {}),
    });
  }
  return found;
}
