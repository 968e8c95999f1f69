import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { buildBase, type BaseSegment } from '../../src/tm/fuzzy-base';
import type { HelperRequest } from '../../src/tm/fuzzy-build-protocol';
import { FuzzyIndexBuilder } from '../../src/tm/fuzzy-index';
import { buildBasePipelined } from '../../src/tm/pipelined-build';
import { TextStore } from '../../src/tm/text-store';
import { FuzzyBuildHelperError } from '../../src/tm/two-thread-build';
import { seededRandom } from '../support/seeded-random';

const WORDS = (
  'the a translation memory website page price delivery order account help contact new free ' +
  'fast secure bank loan café naïve Größe कीमत खाता मदद संपर्क नया भुगतान বাংলা తెలుగు தமிழ் ' +
  'open close search home about team careers login password reset email phone'
).split(' ');

/** Random sentences, near-duplicates, a few long repetitive texts and placeholder markers; ids shuffled and repeated. */
function randomTexts(seed: number, count: number): Array<{ id: number; text: string }> {
  const next = seededRandom(seed);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const texts: Array<{ id: number; text: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const kind = next();
    let text: string;
    if (kind < 0.05) text = `${pick()} `.repeat(20 + Math.floor(next() * 300));
    else if (kind < 0.3 && texts.length > 0)
      text = `${texts[Math.floor(next() * texts.length)]!.text} ${pick()}`;
    else
      text = Array.from({ length: 1 + Math.floor(next() * 25) }, pick).join(next() < 0.1 ? ' <x1/> ' : ' ');
    // Mostly ascending ids, some out of order and some repeated (the last text of an id wins).
    const id = next() < 0.02 ? Math.floor(next() * (i + 1)) : i + 1;
    texts.push({ id, text });
  }
  return texts;
}

function gathered(texts: ReadonlyArray<{ id: number; text: string }>): FuzzyIndexBuilder {
  const builder = new FuzzyIndexBuilder(new TextStore({ shared: true }));
  for (const { id, text } of texts) builder.add(id, text);
  return builder;
}

/**
 * A real helper thread: the pipeline's helper blocks on shared memory, so it cannot share this
 * thread. Vitest runs TypeScript; the worker loads its script through tsx.
 */
class TestHelper extends Worker {
  terminated = false;

  constructor() {
    const entry = new URL('../support/fuzzy-build-worker.ts', import.meta.url).href;
    super(
      `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`,
      { eval: true },
    );
  }

  override terminate(): Promise<number> {
    this.terminated = true;
    return super.terminate();
  }
}

/** A helper that takes the first request and then ends as `end` says (crash or exit). */
class FailingHelper extends EventEmitter {
  terminated = false;

  constructor(private readonly end: (helper: FailingHelper) => void) {
    super();
  }

  postMessage(): void {
    setTimeout(() => this.end(this), 5);
  }

  terminate(): Promise<void> {
    this.terminated = true;
    return Promise.resolve();
  }
}

function expectSameBase(two: BaseSegment, one: BaseSegment): void {
  expect(two.size).toBe(one.size);
  expect(two.mask).toBe(one.mask);
  for (const key of [
    'handles',
    'lengths',
    'ids',
    'gramCounts',
    'lengthStarts',
    'offsets',
    'postings',
  ] as const) {
    const a = Buffer.from(two[key].buffer, two[key].byteOffset, two[key].byteLength);
    const b = Buffer.from(one[key].buffer, one[key].byteOffset, one[key].byteLength);
    expect(a.equals(b), key).toBe(true);
  }
}

describe('two-thread fuzzy index build', () => {
  it('writes the same postings, offsets and counts as the one-thread build, over random corpora', async () => {
    // 2,500 texts: two partitions; 30,000: 16 partitions (several runs); the seeds vary the mix.
    for (const [seed, count] of [
      [1, 2500],
      [2, 30_000],
      [3, 30_000],
    ] as const) {
      const texts = randomTexts(seed, count);
      const one = buildBase(() => gathered(texts).take());
      const helper = new TestHelper();
      const two = await buildBasePipelined(
        () => gathered(texts).take(),
        () => helper,
      );
      expectSameBase(two, one);
      expect(two.postings.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(two.gramCounts.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(helper.terminated).toBe(true);
    }
  }, 120_000);

  it('answers every query exactly as the one-thread index does', async () => {
    const texts = randomTexts(7, 10_000);
    const one = gathered(texts).finish();
    const two = await gathered(texts).finishOnTwoThreads({
      startHelper: () => new TestHelper(),
      fromTexts: 0,
    });
    expect(two.size).toBe(one.size);
    const next = seededRandom(8);
    for (let q = 0; q < 60; q += 1) {
      const query = texts[Math.floor(next() * texts.length)]!.text + (q % 2 ? ' help' : '');
      for (const options of [{}, { threshold: 0.7, limit: 100 }]) {
        expect(two.query(query, options)).toEqual(one.query(query, options));
      }
    }
  }, 120_000);

  it('stays on one thread below the size threshold, without starting a helper', async () => {
    let started = 0;
    const index = await gathered(randomTexts(9, 500)).finishOnTwoThreads({
      startHelper: () => {
        started += 1;
        return new TestHelper();
      },
    });
    expect(started).toBe(0);
    expect(index.size).toBeGreaterThan(0);
  });

  it('fails the build with a clear error when the helper crashes or stops, and ends the helper', async () => {
    const texts = randomTexts(10, 3000);
    const crashing = new FailingHelper((helper) => helper.emit('error', new Error('out of memory')));
    await expect(
      buildBasePipelined(
        () => gathered(texts).take(),
        () => crashing,
      ),
    ).rejects.toThrow(
      new FuzzyBuildHelperError("The fuzzy index build's helper thread crashed: out of memory"),
    );
    expect(crashing.terminated).toBe(true);
    const exiting = new FailingHelper((helper) => helper.emit('exit', 1));
    await expect(
      buildBasePipelined(
        () => gathered(texts).take(),
        () => exiting,
      ),
    ).rejects.toThrow(/helper thread stopped \(exit code 1\) before the build ended/);
    expect(exiting.terminated).toBe(true);
  });

  it("fails the build with the helper's own error when its pass throws", async () => {
    const texts = randomTexts(11, 3000);
    const helper = new TestHelper();
    // Counts the helper cannot write: its pass throws, and it answers the failure.
    const postMessage = helper.postMessage.bind(helper);
    helper.postMessage = (message: HelperRequest) =>
      postMessage(message.type === 'consume-sizes' ? { ...message, gramCounts: null } : message);
    await expect(
      buildBasePipelined(
        () => gathered(texts).take(),
        () => helper,
      ),
    ).rejects.toThrow(/helper thread failed: TypeError/);
    expect(helper.terminated).toBe(true);
  });
});
