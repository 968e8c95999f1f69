import { INLINE_ELEMENTS } from '@bhasha/engine';
import { UI_ATTRIBUTE } from './collect-dom-segments';

/** Attributes whose change can change a segment (translatable attributes, meta content, switches). */
const WATCHED_ATTRIBUTES = [
  'alt',
  'title',
  'placeholder',
  'aria-label',
  'label',
  'value',
  'content',
  'translate',
  'class',
];

const SETTLE_MS = 20;

/** The element whose segments a change touches: the nearest ancestor that is not inline text. */
function blockOf(node: Node): Element | null {
  let element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  while (element?.parentElement && INLINE_ELEMENTS.has(element.localName)) element = element.parentElement;
  return element;
}

const isUi = (node: Node) =>
  node.nodeType === Node.ELEMENT_NODE && (node as Element).hasAttribute(UI_ATTRIBUTE);

/** Whether a childList change only added or removed the snippet's own elements. */
function isOnlyUi(record: MutationRecord): boolean {
  const nodes = [...Array.from(record.addedNodes), ...Array.from(record.removedNodes)];
  return nodes.length > 0 && nodes.every(isUi);
}

/** Drops roots inside other roots. */
function outermost(roots: Set<Element>): Element[] {
  return [...roots].filter((root) => {
    for (let parent = root.parentElement; parent; parent = parent.parentElement)
      if (roots.has(parent)) return false;
    return root.isConnected;
  });
}

/** Follows the page's changes (SPAs, lazy content) and the snippet's own changes apart. */
export interface DomWatcher {
  /** Runs the snippet's own DOM changes without reporting them back as page changes. */
  quietly<T>(change: () => T): T;
  stop(): void;
}

/** Calls `onChange` with the blocks that changed, a moment after the page stops changing them. */
export function watchDom(root: Element, onChange: (blocks: Element[]) => void): DomWatcher {
  const pending = new Set<Element>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      // The snippet's own elements (switcher, dialogs) coming and going change no segment: without
      // this, mounting the switcher on <body> re-read and re-translated the whole page after load.
      if (record.type === 'childList' && isOnlyUi(record)) continue;
      const block = blockOf(record.target);
      if (!block || block.closest(`[${UI_ATTRIBUTE}]`)) continue;
      pending.add(block);
    }
    if (pending.size > 0 && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        const blocks = outermost(pending);
        pending.clear();
        onChange(blocks);
      }, SETTLE_MS);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: WATCHED_ATTRIBUTES,
  });
  return {
    quietly: (change) => {
      try {
        return change();
      } finally {
        observer.takeRecords();
      }
    },
    stop: () => {
      observer.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
