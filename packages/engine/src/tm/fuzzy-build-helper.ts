import type { ConsumeSizesRequest, HelperPort, HelperRequest } from './fuzzy-build-protocol';
import { consumeRuns } from './pipelined-build';
import {
  closeBlocks,
  newBucketState,
  partitionCount,
  placePostings,
  sizingVisitor,
  writingVisitor,
  type BucketState,
} from './posting-passes';

/**
 * The helper thread's side of a two-thread fuzzy index build (pipelined-build.ts): sizes (pass 1),
 * then writes (pass 2), the runs of postings the calling thread hands on through shared buffers,
 * holding the bucket state between the passes. A worker thread's entry calls this with its
 * `parentPort`; a failure is answered, never swallowed.
 */
export function serveFuzzyBuildHelper(port: HelperPort): void {
  let sized: { request: ConsumeSizesRequest; state: BucketState; next: number } | null = null;
  port.on('message', (message: HelperRequest) => {
    try {
      if (message.type === 'consume-sizes') {
        const { runs, mask, gramCounts, offsets } = message;
        const state = newBucketState(mask + 1);
        const next = consumeRuns(runs, 0, partitionCount(mask), sizingVisitor(state, gramCounts));
        placePostings(state, offsets);
        sized = { request: message, state, next };
        port.postMessage({ type: 'sized', bytes: offsets[mask + 1]! });
        return;
      }
      if (!sized) throw new Error('a fuzzy build helper was asked to write before sizing');
      const { request, state, next } = sized;
      sized = null;
      const visit = writingVisitor(state, message.postings);
      consumeRuns(request.runs, next, partitionCount(request.mask), visit);
      closeBlocks(state, message.postings);
      port.postMessage({ type: 'written' });
    } catch (error) {
      sized = null;
      port.postMessage({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  });
}
