import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { FuzzyBuildHelperError, FuzzyIndexBuilder, TextStore } from '@bhasha/engine';
import {
  earlyFuzzyBuildThread,
  fuzzyBuildWorkerEntry,
  startFuzzyBuildThread,
} from '../../src/modules/translation-memory/fuzzy-build-thread';

const WORDS = 'open the account page and pay your bank loan fast कीमत खाता मदद order help'.split(' ');

function builderOf(count: number): FuzzyIndexBuilder {
  // Shared pages: the helper thread reads the texts in place (a plain store builds on one thread).
  const builder = new FuzzyIndexBuilder(new TextStore({ shared: true }));
  let state = 17;
  const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  for (let id = 1; id <= count; id += 1) {
    const words = Array.from(
      { length: 2 + Math.floor(next() * 14) },
      () => WORDS[Math.floor(next() * WORDS.length)],
    );
    builder.add(id, words.join(' '));
  }
  return builder;
}

describe('fuzzy index build helper thread', () => {
  it('loads the worker script (sources through tsx here) and builds the same index as one thread', async () => {
    let worker: Worker | null = null;
    const two = await builderOf(12_000).finishOnTwoThreads({
      startHelper: () => {
        worker = startFuzzyBuildThread() as Worker;
        return worker;
      },
      fromTexts: 0,
    });
    const one = builderOf(12_000).finish();
    expect(worker).not.toBeNull();
    // The build ends its helper: the thread is gone once the index is answered.
    expect(worker!.threadId).toBe(-1);
    for (const query of [
      'open the account page',
      'pay your bank loan fast and help',
      'कीमत खाता मदद order',
    ]) {
      expect(two.query(query, { threshold: 0.5, limit: 50 })).toEqual(
        one.query(query, { threshold: 0.5, limit: 50 }),
      );
    }
    expect(fuzzyBuildWorkerEntry().argv[0]).toMatch(/fuzzy-build\.worker\.ts$/);
  });

  it('fails the build with a clear error when the helper thread dies, and the next build succeeds', async () => {
    const dying = builderOf(3000).finishOnTwoThreads({
      startHelper: () => new Worker('process.exit(3)', { eval: true }),
      fromTexts: 0,
    });
    await expect(dying).rejects.toThrow(FuzzyBuildHelperError);
    await expect(dying).rejects.toThrow(/exit code 3/);
    const again = await builderOf(3000).finishOnTwoThreads({
      startHelper: () => startFuzzyBuildThread(),
      fromTexts: 0,
    });
    expect(again.size).toBe(3000);
  });

  it('starts the helper early once the texts reach the two-thread size, and ends one no build took', async () => {
    const started: Worker[] = [];
    const startHelper = () => {
      started.push(startFuzzyBuildThread() as Worker);
      return started.at(-1)!;
    };
    const abandoned = earlyFuzzyBuildThread({ startHelper, fromTexts: 2000 });
    abandoned.gathered(1999);
    expect(started).toHaveLength(0);
    abandoned.gathered(2000);
    abandoned.gathered(3000);
    expect(started).toHaveLength(1);
    await abandoned.dispose(); // gathering failed: no build takes the thread
    expect(started[0]!.threadId).toBe(-1);

    const early = earlyFuzzyBuildThread({ startHelper, fromTexts: 2000 });
    early.gathered(3000);
    const index = await builderOf(3000).finishOnTwoThreads(early.options);
    await early.dispose();
    expect(index.size).toBe(3000);
    expect(started).toHaveLength(2); // the build took the early thread, and ended it
    expect(started[1]!.threadId).toBe(-1);
  });
});
