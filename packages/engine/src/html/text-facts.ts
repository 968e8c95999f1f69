import { countWords } from '../words/count-words';
import { sourceHash } from './source-hash';

/** What a segment text says wherever it appears: its translation-memory key and its word count. */
export interface TextFacts {
  readonly sourceHash: string;
  readonly wordCount: number;
}

/**
 * Facts of segment texts already seen, by text. Menus, footers and buttons repeat on every page
 * of a site: with a memo, each distinct text is hashed and counted once. Bounded: when full it
 * starts again (the repeated texts come back at once). A crawl keeps one per crawl; other callers
 * share a small one per process.
 */
export class TextFactsMemo {
  private readonly facts = new Map<string, TextFacts>();

  constructor(private readonly limit: number) {}

  /** The facts of a segment text; `plain` is the same text without placeholders (what words are counted in). */
  factsOf(text: string, plain: string): TextFacts {
    let facts = this.facts.get(text);
    if (facts === undefined) {
      if (this.facts.size >= this.limit) this.facts.clear();
      facts = { sourceHash: sourceHash(text), wordCount: countWords(plain) };
      // A copy of the text as the key: the text may be a slice of its page's HTML, which a
      // slice kept in this memo would keep alive for the whole crawl.
      this.facts.set((' ' + text).slice(1), facts);
    }
    return facts;
  }

  /** The facts remembered for a text, if any (the same object `factsOf` answered). */
  peek(text: string): TextFacts | undefined {
    return this.facts.get(text);
  }
}
