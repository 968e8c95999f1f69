import {
  KEPT_POSTINGS,
  MAX_FUZZY_LENGTH,
  placePostings,
  sizePostings,
  writePostings,
  type PostingTexts,
} from './posting-passes';
import { SlotsById } from './slots-by-id';
import type { TextStore } from './text-store';

export { MAX_FUZZY_LENGTH };

/** The immutable, compact part of a fuzzy index: slots sorted by length, postings as varint gaps. */
export interface BaseSegment {
  readonly size: number;
  /** The normalised texts, shared with later compactions (append-only). */
  readonly store: TextStore;
  /** Per slot: the text's handle in `store`, its length, id and number of distinct buckets. */
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
  readonly ids: Int32Array;
  readonly gramCounts: Uint16Array;
  /** `lengthStarts[L]` = first slot whose text is at least L long. */
  readonly lengthStarts: Int32Array;
  readonly offsets: Uint32Array;
  readonly postings: Uint8Array;
  /** The slot of each id, for removal by id. */
  readonly slotsById: SlotsById;
  readonly alive: Uint8Array;
  readonly mask: number;
}

/** Texts gathered for a build, in arrival order: a length of 0 marks one left out (replaced). */
export interface StoredTexts {
  readonly store: TextStore;
  readonly count: number;
  readonly ids: Int32Array;
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
}

/** Two to four buckets per text, at most 2^21: distinct trigrams of a memory grow far slower than its texts. */
function bucketCountFor(size: number): number {
  let buckets = 1 << 12;
  while (buckets < size * 2 && buckets < 1 << 21) buckets <<= 1;
  return buckets;
}

/** Texts gathered for a build, placed in length order: `lengthStarts[L]` = first slot of length L. */
function placeByLength(input: StoredTexts, allocate: (bytes: number) => ArrayBufferLike = newArrayBuffer) {
  const { count } = input;
  let size = 0;
  let maxLength = 0;
  for (let i = 0; i < count; i += 1) {
    const length = input.lengths[i]!;
    if (length === 0) continue;
    size += 1;
    if (length > maxLength) maxLength = length;
  }
  const lengthStarts = new Int32Array(maxLength + 2);
  for (let i = 0; i < count; i += 1) if (input.lengths[i]! > 0) lengthStarts[input.lengths[i]! + 1]! += 1;
  for (let length = 1; length < lengthStarts.length; length += 1) {
    lengthStarts[length]! += lengthStarts[length - 1]!;
  }
  // Counts sit one place up, so the prefix sums make lengthStarts[L] the first slot of length L.
  const cursor = lengthStarts.slice();
  const handles = new Uint32Array(allocate(size * 4));
  const lengths = new Uint16Array(allocate(size * 2));
  const ids = new Int32Array(size);
  for (let i = 0; i < count; i += 1) {
    const length = input.lengths[i]!;
    if (length === 0) continue;
    const slot = cursor[length]!++;
    handles[slot] = input.handles[i]!;
    lengths[slot] = length;
    ids[slot] = input.ids[i]!;
  }
  return { store: input.store, size, lengthStarts, handles, lengths, ids };
}

function newArrayBuffer(bytes: number): ArrayBuffer {
  return new ArrayBuffer(bytes);
}

/** Texts in length order, with the bucket space their postings are hashed into. */
export type PlacedTexts = ReturnType<typeof placeByLength> & PostingTexts;

/** Texts gathered for a build, placed in length order, with a bucket space sized to them. */
export function placeForBuild(
  take: () => StoredTexts,
  allocate?: (bytes: number) => ArrayBufferLike,
): PlacedTexts {
  const placed = placeByLength(take(), allocate);
  return { ...placed, mask: bucketCountFor(placed.size) - 1 };
}

/** The base over placed texts, their postings written (`gramCounts`: each text's distinct buckets). */
export function assembleBase(
  texts: PlacedTexts,
  gramCounts: Uint16Array,
  offsets: Uint32Array,
  postings: Uint8Array,
): BaseSegment {
  const { store, size, lengthStarts, handles, lengths, ids, mask } = texts;
  return {
    size,
    store,
    handles,
    lengths,
    ids,
    gramCounts,
    lengthStarts,
    offsets,
    postings,
    slotsById: SlotsById.of(ids),
    alive: new Uint8Array(size).fill(1),
    mask,
  };
}

/**
 * Sorts texts by length (counting sort), so every posting list is in length order and a query's
 * length window is one slot range, then writes the postings in two passes on this thread: sizes,
 * then bytes (posting-passes.ts; pipelined-build.ts shares them between two threads). Pass 2 visits
 * again the postings pass 1 kept (at most `keptPostings`) and hashes only the texts past them.
 * `take` hands over the gathered texts; nothing keeps them once they are placed in length order, so
 * the gatherer's arrays are garbage before the postings are allocated.
 */
export function buildBase(take: () => StoredTexts, keptPostings = KEPT_POSTINGS): BaseSegment {
  const texts = placeForBuild(take);
  const gramCounts = new Uint16Array(texts.size);
  const sized = sizePostings(texts, gramCounts, keptPostings);
  const offsets = new Uint32Array(texts.mask + 2);
  placePostings(sized.state, offsets);
  const postings = new Uint8Array(offsets[texts.mask + 1]!);
  writePostings(texts, sized, postings);
  return assembleBase(texts, gramCounts, offsets, postings);
}
