// Test-only bundle entry: exposes the snippet's DOM collector so a test can compare what it finds
// in Chromium with the server's extractor on the same HTML.
import { collectDomSegments } from '../../src/collect-dom-segments';

interface CollectOptions {
  noTranslateSelectors?: string[];
  ignorePatterns?: string[];
}

(window as unknown as { collectForTest: (options: CollectOptions) => unknown }).collectForTest = (options) =>
  collectDomSegments(document.documentElement, options).map(({ segment }) => ({
    kind: segment.kind,
    text: segment.text,
    sourceHash: segment.sourceHash,
    element: segment.element,
    attribute: segment.attribute,
    placeholders: segment.placeholders.map(({ id, kind, tag }) => ({ id, kind, tag })),
  }));
