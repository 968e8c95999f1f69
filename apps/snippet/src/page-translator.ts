import type { ExtractOptions, Segment } from '@bhasha/engine';
import { applyTranslation, type AppliedTranslation } from './apply-translation';
import { collectDomSegments } from './collect-dom-segments';

/** Translations of one language: source hash to translated text. */
export type Dictionary = ReadonlyMap<string, string>;

/**
 * Keeps the page in one language: translates a part of the page (the whole document first, then
 * the parts that change), and reverts translations before a part is read again, so the segmenter
 * always sees the source.
 */
/** What a visitor points at in suggestion mode: a translated segment. */
export interface ShownTranslation {
  readonly segment: Segment;
  readonly translated: string;
}

export class PageTranslator {
  private readonly applied = new Set<AppliedTranslation>();
  private readonly shown = new WeakMap<AppliedTranslation, ShownTranslation>();

  constructor(
    private readonly options: ExtractOptions,
    private readonly onSegmentsSeen: (segments: readonly Segment[], unknown: readonly Segment[]) => void,
  ) {}

  /** Translates `root` with `dictionary` (none: shows the source) and answers how many segments were swapped. */
  translate(root: Element, dictionary: Dictionary | undefined): number {
    this.revertWithin(root);
    const found = collectDomSegments(root, this.options);
    const unknown: Segment[] = [];
    let swapped = 0;
    for (const item of found) {
      const translated = dictionary?.get(item.segment.sourceHash);
      if (translated === undefined) {
        unknown.push(item.segment);
        continue;
      }
      const applied = applyTranslation(item, translated);
      if (applied) {
        this.applied.add(applied);
        this.shown.set(applied, { segment: item.segment, translated });
        swapped += 1;
      }
    }
    this.onSegmentsSeen(
      found.map((item) => item.segment),
      dictionary ? unknown : [],
    );
    return swapped;
  }

  /** Puts the source back inside `root`, newest translation first; forgets those the page removed. */
  revertWithin(root: Node): void {
    for (const applied of [...this.applied].reverse()) {
      if (!applied.anchor.isConnected) {
        this.applied.delete(applied);
      } else if (root.contains(applied.anchor)) {
        applied.revert();
        this.applied.delete(applied);
      }
    }
  }

  /**
   * The translated segment at a node the visitor clicked: the innermost translation whose
   * element holds the node (a text segment's element is the parent of its text).
   */
  findAt(target: Node): ShownTranslation | undefined {
    let best: { element: Element; shown: ShownTranslation } | undefined;
    for (const applied of this.applied) {
      const shown = this.shown.get(applied);
      if (!shown || shown.segment.attribute) continue;
      const anchor = applied.anchor;
      const element = anchor.nodeType === Node.ELEMENT_NODE ? (anchor as Element) : anchor.parentElement;
      if (!element?.isConnected || !element.contains(target)) continue;
      if (!best || best.element.contains(element)) best = { element, shown };
    }
    return best?.shown;
  }

  /** Puts the whole page back in its source language. */
  revertAll(): void {
    for (const applied of [...this.applied].reverse()) applied.revert();
    this.applied.clear();
  }
}
