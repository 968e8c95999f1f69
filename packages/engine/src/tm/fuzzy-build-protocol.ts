import type { SharedRuns } from './pipelined-build';

/**
 * Messages between a two-thread build (pipelined-build.ts) and its helper thread
 * (fuzzy-build-helper.ts). Every array is a view of shared memory: the runs of postings pass
 * through two shared buffers, and only the postings' size is a message of its own.
 */

/** Pass 1: size the runs handed on through `runs`, into `gramCounts` and `offsets`. */
export interface ConsumeSizesRequest {
  readonly type: 'consume-sizes';
  readonly runs: SharedRuns;
  readonly mask: number;
  readonly gramCounts: Uint16Array;
  readonly offsets: Uint32Array;
}

/** Pass 2: write the runs handed on through the same buffers into `postings`. */
export interface ConsumeWritesRequest {
  readonly type: 'consume-writes';
  readonly postings: Uint8Array;
}

export type HelperRequest = ConsumeSizesRequest | ConsumeWritesRequest;

export type HelperAnswer =
  | { readonly type: 'sized'; readonly bytes: number }
  | { readonly type: 'written' }
  | { readonly type: 'failed'; readonly message: string };

/** The helper's end of the conversation: `parentPort` in a worker thread. */
export interface HelperPort {
  postMessage(message: HelperAnswer): void;
  on(event: 'message', listener: (message: HelperRequest) => void): unknown;
}
