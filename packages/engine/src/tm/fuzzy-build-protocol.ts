import type { PartitionRange } from './posting-passes';
import type { TextPages } from './text-store';

/**
 * Messages between a two-thread build (two-thread-build.ts) and its helper thread
 * (fuzzy-build-helper.ts). Every array is a view of shared memory: nothing is copied between the
 * threads but the halves' sizes.
 */

/** Pass 1 of the helper's range: size its postings, count each text's distinct buckets in it. */
export interface SizeRequest {
  readonly type: 'size';
  readonly pages: TextPages;
  readonly handles: Uint32Array;
  readonly lengths: Uint16Array;
  readonly size: number;
  readonly mask: number;
  readonly range: PartitionRange;
  /** The helper's distinct buckets per text (its range only): summed with the caller's after. */
  readonly gramCounts: Uint16Array;
}

/** Pass 2: write the range's postings from byte `start` of `postings`, its offsets into `offsets`. */
export interface WriteRequest {
  readonly type: 'write';
  readonly postings: Uint8Array;
  readonly offsets: Uint32Array;
  readonly start: number;
}

export type HelperRequest = SizeRequest | WriteRequest;

export type HelperAnswer =
  | { readonly type: 'sized'; readonly bytes: number }
  | { readonly type: 'written' }
  | { readonly type: 'failed'; readonly message: string };

/** The helper's end of the conversation: `parentPort` in a worker thread. */
export interface HelperPort {
  postMessage(message: HelperAnswer): void;
  on(event: 'message', listener: (message: HelperRequest) => void): unknown;
}
