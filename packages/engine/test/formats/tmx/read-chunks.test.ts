import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTmx, readTmxChunks } from '../../../src/formats/tmx/read';
import type { TmxEvent } from '../../../src/formats/tmx/types';
import { TMX_FIXTURES, tmxFiles } from './fixtures';

function* pieces(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Every event, or the error's message where reading fails (the events before it kept). */
async function collect(
  events: AsyncIterable<TmxEvent | TmxEvent[]>,
): Promise<{ events: TmxEvent[]; error: string | null }> {
  const out: TmxEvent[] = [];
  try {
    for await (const item of events) {
      if (Array.isArray(item)) out.push(...item);
      else out.push(item);
    }
    return { events: out, error: null };
  } catch (error) {
    return { events: out, error: (error as Error).message };
  }
}

describe('readTmxChunks: readTmx a chunk of input at a time', () => {
  it.each(tmxFiles().map((path) => [path.slice(TMX_FIXTURES.length), path]))(
    'gives %s the same events and errors as readTmx, however the bytes are cut',
    async (_name, path) => {
      const bytes = new Uint8Array(readFileSync(path));
      for (const size of [1, 7, 199, 200, 4096, bytes.length + 1]) {
        const chunked = await collect(readTmxChunks(pieces(bytes, size)));
        const single = await collect(readTmx(pieces(bytes, size)));
        expect(chunked).toEqual(single);
        // The fixtures hold units (or the invalid file's error): the comparison is not of two empty lists.
        expect(chunked.events.length > 0 || chunked.error !== null).toBe(true);
      }
    },
  );

  it('yields one array per chunk read, not one per unit', async () => {
    const units = Array.from({ length: 50 }, (_, i) => `<tu><tuv xml:lang="en"><seg>u${i}</seg></tuv></tu>`);
    const text = `<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body>${units.join('')}</body></tmx>`;
    const arrays: TmxEvent[][] = [];
    for await (const events of readTmxChunks([text])) arrays.push(events);
    // The one string chunk, then the end of input.
    expect(arrays.map((events) => events.length)).toEqual([51, 0]);
  });
});
