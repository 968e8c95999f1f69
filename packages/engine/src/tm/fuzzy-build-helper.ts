import type { HelperPort, HelperRequest, SizeRequest } from './fuzzy-build-protocol';
import {
  firstBucketOf,
  placeRange,
  rangeBytes,
  sizeRange,
  writeRange,
  type RangeState,
} from './posting-passes';
import { TextStore } from './text-store';

/**
 * The helper thread's side of a two-thread fuzzy index build (two-thread-build.ts): sizes, then
 * writes, the postings of the bucket range it is sent, reading the texts from shared memory. A
 * worker thread's entry calls this with its `parentPort`; a failure is answered, never swallowed.
 */
export function serveFuzzyBuildHelper(port: HelperPort): void {
  let sized: { request: SizeRequest; state: RangeState } | null = null;
  port.on('message', (message: HelperRequest) => {
    try {
      if (message.type === 'size') {
        const texts = { ...message, store: TextStore.overPages(message.pages) };
        const state = sizeRange(texts, message.range, message.gramCounts);
        sized = { request: message, state };
        port.postMessage({ type: 'sized', bytes: rangeBytes(state) });
        return;
      }
      if (!sized) throw new Error('a fuzzy build helper was asked to write before sizing');
      const { request, state } = sized;
      sized = null;
      placeRange(state, message.offsets, firstBucketOf(request.range.from), message.start);
      const texts = { ...request, store: TextStore.overPages(request.pages) };
      writeRange(texts, request.range, state, message.postings);
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
