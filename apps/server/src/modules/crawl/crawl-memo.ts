import { UuidSlots } from '../../lib/pg-binary-uuid-array';
import { AsciiKeySet, AsciiKeyTable } from './ascii-key-table';

/**
 * What one process already wrote for a running crawl, so it is not written again: the URLs it
 * queued (a page links to the same menu and footer URLs as every other page) and the ids of the
 * segments it stored (the same menus and footers again). Only a shortcut: the database stays the
 * truth, a new process starts empty, and an entry is added only after its write committed.
 * Both are asked with a reading's bytes as it crossed from a reader thread (ascii-key-table.ts).
 * (The memos of texts and links that only save parsing live with each page reader: page-reader.ts.)
 */
export interface CrawlMemo {
  /** Normalised URLs this process queued for the crawl. */
  readonly queuedUrls: AsciiKeySet;
  /** Segment id and `isNew` by source hash, as this crawl stored them. */
  readonly segments: AsciiKeyTable<{ id: string; isNew: boolean }>;
  /**
   * The stored segments' ids as 16 bytes each (binary arrays only; an entry's `slot` is its place),
   * parsed once per segment for the whole crawl: parsing an id's 36 characters once per batch it
   * occurs in cost the crawl's thread more than the literal it replaced (~3× in a
   * micro-benchmark; ADR 0013).
   */
  readonly segmentIdBytes: UuidSlots;
}

// Bounds: a few crawls at once per process, and entries per crawl (a reset only costs writes).
const MAX_CRAWLS = 8;
const MAX_ENTRIES = 200_000;

/** The crawl memos of one process (held by its crawl runtime). */
export function createCrawlMemos() {
  const memos = new Map<string, CrawlMemo>();
  return {
    /** The memo of a crawl, created empty on first use. */
    of(crawlId: string): CrawlMemo {
      let memo = memos.get(crawlId);
      // A full memo is replaced, never emptied: a run that holds it keeps relying on what it says
      // (pages waiting for its writer omit the text of segments it lists as stored).
      const isWithinBounds = (kept: CrawlMemo) =>
        kept.queuedUrls.size <= MAX_ENTRIES && kept.segments.size <= MAX_ENTRIES;
      if (memo && isWithinBounds(memo)) return memo;
      if (memo) memos.delete(crawlId);
      else if (memos.size >= MAX_CRAWLS) memos.delete(memos.keys().next().value!);
      memo = {
        queuedUrls: new AsciiKeySet(),
        segments: new AsciiKeyTable(),
        segmentIdBytes: new UuidSlots(1024),
      };
      memos.set(crawlId, memo);
      return memo;
    },

    /** Drops a crawl's memo (the crawl ended, or a write failed and cached ids may be stale). */
    forget(crawlId: string): void {
      memos.delete(crawlId);
    },
  };
}

export type CrawlMemos = ReturnType<typeof createCrawlMemos>;
