import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BodyBuffer, createPageFetcher, DEFAULT_FETCHER_OPTIONS } from '../../src/modules/crawl/page-fetcher';

// Bodies of known bytes: a page of `n` bytes is 0, 1, …, 250, 0, 1, … so a shifted or stale byte shows.
function patterned(n: number): Buffer {
  const bytes = Buffer.alloc(n);
  for (let i = 0; i < n; i += 1) bytes[i] = i % 251;
  return bytes;
}

describe("a crawl lane's body buffer", () => {
  it('gathers each page where the last one was, grows for a larger page and cuts at the size limit', async () => {
    // Written in several chunks (the socket's reads), so the buffer appends and grows mid-body.
    const server = createServer((req, res) => {
      const n = Number(req.url!.slice(1));
      res.writeHead(200, { 'content-type': 'text/html' });
      const body = patterned(n);
      for (let at = 0; at < n; at += 16_384) res.write(body.subarray(at, at + 16_384));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fetcher = createPageFetcher({
      ...DEFAULT_FETCHER_OPTIONS,
      allowPrivateNetwork: true,
      maxBytes: 300_000,
    });
    const body = fetcher.takeBodyBuffer();
    try {
      const small = await fetcher.fetchBytes(`http://127.0.0.1:${port}/1000`, 'text/html', undefined, body);
      expect(small.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(Buffer.from(small.bytes).equals(patterned(1000))).toBe(true);
      const memory = small.bytes.buffer;

      // Past the first capacity (64 kB): the buffer grows, the bytes are whole and in order.
      const large = await fetcher.fetchBytes(`http://127.0.0.1:${port}/200000`, 'text/html', undefined, body);
      expect(large.truncated).toBe(false);
      expect(Buffer.from(large.bytes).equals(patterned(200_000))).toBe(true);
      expect(body.capacity).toBeGreaterThanOrEqual(200_000);

      // A smaller page after it reuses the grown memory and holds only its own bytes.
      const grown = large.bytes.buffer;
      const next = await fetcher.fetchBytes(`http://127.0.0.1:${port}/5000`, 'text/html', undefined, body);
      expect(next.bytes.buffer).toBe(grown);
      expect(next.bytes.buffer).not.toBe(memory);
      expect(Buffer.from(next.bytes).equals(patterned(5000))).toBe(true);

      const cut = await fetcher.fetchBytes(`http://127.0.0.1:${port}/400000`, 'text/html', undefined, body);
      expect(cut.truncated).toBe(true);
      expect(Buffer.from(cut.bytes).equals(patterned(300_000))).toBe(true);
    } finally {
      fetcher.giveBackBodyBuffer(body);
      await fetcher.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('is given back for the next lane unless it grew past what is kept', () => {
    const fetcher = createPageFetcher({ ...DEFAULT_FETCHER_OPTIONS, allowPrivateNetwork: true });
    const first = fetcher.takeBodyBuffer();
    const second = fetcher.takeBodyBuffer();
    expect(second).not.toBe(first);
    first.append(patterned(100));
    fetcher.giveBackBodyBuffer(first);
    const again = fetcher.takeBodyBuffer();
    expect(again).toBe(first);
    expect(again.bytes.length).toBe(0);

    // A buffer grown for a 2 MB page is dropped: a later lane starts small again.
    const huge = new BodyBuffer();
    huge.append(new Uint8Array(2 * 1024 * 1024));
    fetcher.giveBackBodyBuffer(huge);
    expect(fetcher.takeBodyBuffer()).not.toBe(huge);
    void fetcher.close();
  });
});
