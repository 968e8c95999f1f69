import type { MessagePort } from 'node:worker_threads';
import type { PageSeed } from '../scope/pages.repository';
import type { UrlKey } from './crawl-scope';
import type { PageReader, PageReading, PageReadRequest } from './page-reader';
import type { SegmentFacts } from './segments.repository';

/**
 * Strings sent as one: postMessage's structured clone costs about a microsecond per string on
 * each side, and a reading holds ~270 segments and ~120 links (~900 strings, ~1 ms per page
 * measured), against ~0.05 ms for a few long strings and their lengths.
 */
export interface PackedStrings {
  readonly joined: string;
  readonly lengths: Uint32Array;
}

export function packStrings(values: readonly string[]): PackedStrings {
  const lengths = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i += 1) lengths[i] = values[i]!.length;
  return { joined: values.join(''), lengths };
}

export function unpackStrings(packed: PackedStrings): string[] {
  const values = new Array<string>(packed.lengths.length);
  let at = 0;
  for (let i = 0; i < values.length; i += 1) {
    const end = at + packed.lengths[i]!;
    values[i] = packed.joined.slice(at, end);
    at = end;
  }
  return values;
}

/** A PageReading as it crosses between threads (see PackedStrings). */
export interface WireReading {
  readonly contentHash: string;
  readonly canonical: PageSeed | null;
  readonly linkUrls: PackedStrings;
  readonly linkHosts: PackedStrings;
  readonly segments: {
    readonly hashes: PackedStrings;
    readonly texts: PackedStrings;
    readonly kinds: PackedStrings;
    readonly wordCounts: Uint32Array;
  } | null;
}

export function toWire(reading: PageReading): WireReading {
  const { links, segments } = reading;
  return {
    contentHash: reading.contentHash,
    canonical: reading.canonical,
    linkUrls: packStrings(links.map((link) => link.normalisedUrl)),
    linkHosts: packStrings(links.map((link) => link.hostname)),
    segments: segments && {
      hashes: packStrings(segments.map((segment) => segment.sourceHash)),
      // The reader sends every segment's text and kind (it cannot know which writes committed).
      texts: packStrings(segments.map((segment) => segment.text)),
      kinds: packStrings(segments.map((segment) => segment.kind)),
      wordCounts: Uint32Array.from(segments, (segment) => segment.wordCount),
    },
  };
}

export function fromWire(wire: WireReading): PageReading {
  const urls = unpackStrings(wire.linkUrls);
  const hosts = unpackStrings(wire.linkHosts);
  const links: UrlKey[] = urls.map((normalisedUrl, i) => ({ normalisedUrl, hostname: hosts[i]! }));
  let segments: Array<Required<SegmentFacts>> | null = null;
  if (wire.segments) {
    const texts = unpackStrings(wire.segments.texts);
    const kinds = unpackStrings(wire.segments.kinds) as Array<NonNullable<SegmentFacts['kind']>>;
    const { wordCounts } = wire.segments;
    segments = unpackStrings(wire.segments.hashes).map((sourceHash, i) => ({
      sourceHash,
      text: texts[i]!,
      kind: kinds[i]!,
      wordCount: wordCounts[i]!,
    }));
  }
  return { contentHash: wire.contentHash, canonical: wire.canonical, links, segments };
}

/** From the crawl's thread to a reader thread. */
export type ReaderRequestMessage =
  | { readonly type: 'read'; readonly id: number; readonly request: PageReadRequest }
  | { readonly type: 'forget'; readonly crawlId: string };

/** From a reader thread back: the reading of request `id`, or why it could not be read. */
export type ReaderAnswerMessage =
  { readonly id: number; readonly reading: WireReading } | { readonly id: number; readonly error: string };

/**
 * Answers the reads that arrive on `port` with `reader`, one at a time in arrival order. A page
 * the reader throws on is answered with the error's message (that page fails, the thread goes on).
 */
export function servePageReads(port: MessagePort, reader: PageReader): void {
  port.on('message', (message: ReaderRequestMessage) => {
    if (message.type === 'forget') return reader.forget(message.crawlId);
    let answer: ReaderAnswerMessage;
    try {
      answer = { id: message.id, reading: toWire(reader.read(message.request)) };
    } catch (error) {
      answer = { id: message.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}
