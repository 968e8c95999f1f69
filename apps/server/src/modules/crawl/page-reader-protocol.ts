import type { MessagePort } from 'node:worker_threads';
import type { PageSeed } from '../scope/pages.repository';
import type { AsciiKeySet, AsciiKeyTable } from './ascii-key-table';
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

/**
 * Strings the crawl's thread keeps, as UTF-8 bytes and their byte lengths. A slice of a packed
 * string is, from 13 characters on, a view that keeps the whole joined string alive in V8: a link
 * URL kept in the crawl memo's `queuedUrls`, or a segment hash kept as a key of its `segments`,
 * held every page's joined links or hashes (~5 and ~17 kB) for as long as the crawl ran. Decoded
 * from bytes, each is a string of its own.
 */
export interface PackedOwnStrings {
  readonly bytes: Uint8Array;
  readonly lengths: Uint32Array;
  /** Every string is ASCII (hashes, URLs almost always): decoded as Latin-1, which is cheaper. */
  readonly ascii: boolean;
}

const utf8 = new TextEncoder();

export function packOwnStrings(values: readonly string[]): PackedOwnStrings {
  const joined = values.join('');
  // A fresh buffer of its own (not Buffer's shared pool: the crossing copies the whole buffer).
  const bytes = utf8.encode(joined);
  const lengths = new Uint32Array(values.length);
  const ascii = bytes.length === joined.length;
  for (let i = 0; i < values.length; i += 1) {
    lengths[i] = ascii ? values[i]!.length : Buffer.byteLength(values[i]!, 'utf8');
  }
  return { bytes, lengths, ascii };
}

export function unpackOwnStrings(packed: PackedOwnStrings): string[] {
  const { bytes } = packed;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const encoding = packed.ascii ? 'latin1' : 'utf8';
  const values = new Array<string>(packed.lengths.length);
  let at = 0;
  for (let i = 0; i < values.length; i += 1) {
    const end = at + packed.lengths[i]!;
    values[i] = buffer.toString(encoding, at, end);
    at = end;
  }
  return values;
}

/** A PageReading as it crosses between threads (see PackedStrings, PackedOwnStrings). */
export interface WireReading {
  readonly contentHash: string;
  readonly canonical: PageSeed | null;
  readonly linkUrls: PackedOwnStrings;
  readonly linkHosts: PackedStrings;
  readonly segments: {
    readonly hashes: PackedOwnStrings;
    readonly texts: PackedStrings;
    readonly kinds: PackedStrings;
    readonly wordCounts: Uint32Array;
  } | null;
  readonly html?: string;
}

// Plain loops, not `map` with arrow functions made per reading: V8 keeps optimised code only while
// a function object holding it lives, so those were optimised again after every full GC (ADR 0013).
function packSegments(segments: ReadonlyArray<Required<SegmentFacts>>): NonNullable<WireReading['segments']> {
  const hashes = new Array<string>(segments.length);
  const texts = new Array<string>(segments.length);
  const kinds = new Array<string>(segments.length);
  const wordCounts = new Uint32Array(segments.length);
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i]!;
    hashes[i] = segment.sourceHash;
    texts[i] = segment.text;
    kinds[i] = segment.kind;
    wordCounts[i] = segment.wordCount;
  }
  // The reader sends every segment's text and kind (it cannot know which writes committed).
  return { hashes: packOwnStrings(hashes), texts: packStrings(texts), kinds: packStrings(kinds), wordCounts };
}

export function toWire(reading: PageReading): WireReading {
  const { links, segments } = reading;
  const urls = new Array<string>(links.length);
  const hosts = new Array<string>(links.length);
  for (let i = 0; i < links.length; i += 1) {
    urls[i] = links[i]!.normalisedUrl;
    hosts[i] = links[i]!.hostname;
  }
  return {
    contentHash: reading.contentHash,
    canonical: reading.canonical,
    linkUrls: packOwnStrings(urls),
    linkHosts: packStrings(hosts),
    segments: segments && packSegments(segments),
    ...(reading.html !== undefined ? { html: reading.html } : {}),
  };
}

export function fromWire(wire: WireReading): PageReading {
  const urls = unpackOwnStrings(wire.linkUrls);
  const hosts = unpackStrings(wire.linkHosts);
  const links: UrlKey[] = urls.map((normalisedUrl, i) => ({ normalisedUrl, hostname: hosts[i]! }));
  let segments: Array<Required<SegmentFacts>> | null = null;
  if (wire.segments) {
    const texts = unpackStrings(wire.segments.texts);
    const kinds = unpackStrings(wire.segments.kinds) as Array<NonNullable<SegmentFacts['kind']>>;
    const { wordCounts } = wire.segments;
    segments = unpackOwnStrings(wire.segments.hashes).map((sourceHash, i) => ({
      sourceHash,
      text: texts[i]!,
      kind: kinds[i]!,
      wordCount: wordCounts[i]!,
    }));
  }
  const html = wire.html !== undefined ? { html: wire.html } : {};
  return { contentHash: wire.contentHash, canonical: wire.canonical, links, segments, ...html };
}

/**
 * The links of a reading as it crossed, those `queued` lacks pushed onto `into` as seeds at
 * `depth`: the same seeds `fromWire` and a check of each link would give, but a URL already
 * queued (most of them: menus and footers) is looked up by its bytes and never made a string.
 */
export function pushUnqueuedLinks(
  wire: WireReading,
  queued: AsciiKeySet,
  depth: number,
  into: PageSeed[],
): void {
  const { bytes, lengths, ascii } = wire.linkUrls;
  const hostLengths = wire.linkHosts.lengths;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  let hostAt = 0;
  for (let i = 0; i < lengths.length; i += 1) {
    const end = at + lengths[i]!;
    const hostEnd = hostAt + hostLengths[i]!;
    const isQueued = ascii
      ? queued.indexOfBytes(bytes, at, end) >= 0
      : queued.has(buffer.toString('utf8', at, end));
    if (!isQueued) {
      const normalisedUrl = buffer.toString(ascii ? 'latin1' : 'utf8', at, end);
      const hostname = wire.linkHosts.joined.slice(hostAt, hostEnd);
      into.push({ url: normalisedUrl, normalisedUrl, hostname, depth });
    }
    at = end;
    hostAt = hostEnd;
  }
}

/**
 * The segments of a reading as it crossed, as the batch writer stores them: one `stored` lists
 * keeps only its hash (the table's own string) and word count, any other its text and kind too.
 * Only the segments not stored yet (few, once the site's menus and footers were seen) make strings.
 */
export function segmentsToStore(
  wire: WireReading,
  stored: AsciiKeyTable<unknown>,
): Array<Required<SegmentFacts> | Pick<SegmentFacts, 'sourceHash' | 'wordCount'>> | null {
  if (!wire.segments) return null;
  const { hashes, texts, kinds, wordCounts } = wire.segments;
  const { bytes, lengths, ascii } = hashes;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const facts = new Array<Required<SegmentFacts> | Pick<SegmentFacts, 'sourceHash' | 'wordCount'>>(
    lengths.length,
  );
  let at = 0;
  let textAt = 0;
  let kindAt = 0;
  for (let i = 0; i < lengths.length; i += 1) {
    const end = at + lengths[i]!;
    const textEnd = textAt + texts.lengths[i]!;
    const kindEnd = kindAt + kinds.lengths[i]!;
    const known = ascii
      ? stored.indexOfBytes(bytes, at, end)
      : stored.indexOf(buffer.toString('utf8', at, end));
    facts[i] =
      known >= 0
        ? { sourceHash: stored.keyAt(known), wordCount: wordCounts[i]! }
        : {
            sourceHash: buffer.toString(ascii ? 'latin1' : 'utf8', at, end),
            text: texts.joined.slice(textAt, textEnd),
            kind: kinds.joined.slice(kindAt, kindEnd) as NonNullable<SegmentFacts['kind']>,
            wordCount: wordCounts[i]!,
          };
    at = end;
    textAt = textEnd;
    kindAt = kindEnd;
  }
  return facts;
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
