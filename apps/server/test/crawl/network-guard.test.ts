import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/modules/crawl/network-guard';
import { createPageFetcher, DEFAULT_FETCHER_OPTIONS } from '../../src/modules/crawl/page-fetcher';

describe('the private-network guard', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2001:db8::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses loopback by IP and by name unless the deployment allows it', async () => {
    const server = createServer((_, res) => res.end('<html><body>hi</body></html>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const guarded = createPageFetcher({ ...DEFAULT_FETCHER_OPTIONS, allowPrivateNetwork: false });
    const open = createPageFetcher({ ...DEFAULT_FETCHER_OPTIONS, allowPrivateNetwork: true });
    try {
      await expect(guarded.fetchResource(`http://127.0.0.1:${port}/`, 'text/html')).rejects.toThrow(
        /private or reserved/,
      );
      await expect(guarded.fetchResource(`http://localhost:${port}/`, 'text/html')).rejects.toThrow(
        /private or reserved/,
      );
      await expect(guarded.fetchResource(`http://[::ffff:127.0.0.1]:${port}/`, 'text/html')).rejects.toThrow(
        /private or reserved/,
      );
      const page = await open.fetchResource(`http://127.0.0.1:${port}/`, 'text/html');
      expect(page.status).toBe(200);
      expect(page.body).toContain('hi');
    } finally {
      await guarded.close();
      await open.close();
      server.close();
    }
  });

  it('cuts a body at the size limit and gives up after the time limit', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.end('x'.repeat(10_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fetcher = createPageFetcher({
      ...DEFAULT_FETCHER_OPTIONS,
      allowPrivateNetwork: true,
      maxBytes: 1000,
      timeoutMs: 300,
    });
    try {
      const big = await fetcher.fetchResource(`http://127.0.0.1:${port}/big`, 'text/html');
      expect(big.truncated).toBe(true);
      expect(big.body).toHaveLength(1000);
      await expect(fetcher.fetchResource(`http://127.0.0.1:${port}/slow`, 'text/html')).rejects.toThrow();
    } finally {
      await fetcher.close();
      server.closeAllConnections();
      server.close();
    }
  });

  it('fetches a page as bytes in shared memory, returns redirects unfollowed and stops on the caller signal', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(301, { location: '../there?x=1' });
        return res.end('moved body');
      }
      if (req.url === '/hang') return res.write('<html>'); // never ends
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<p>नमस्ते</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fetcher = createPageFetcher({ ...DEFAULT_FETCHER_OPTIONS, allowPrivateNetwork: true });
    try {
      const page = await fetcher.fetchBytes(`http://127.0.0.1:${port}/a/b`, 'text/html');
      expect(page.status).toBe(200);
      expect(page.contentType).toBe('text/html; charset=utf-8');
      expect(page.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(Buffer.from(page.bytes).toString('utf8')).toBe('<p>नमस्ते</p>');
      const moved = await fetcher.fetchBytes(`http://127.0.0.1:${port}/moved`, 'text/html');
      expect(moved).toMatchObject({ status: 301, location: `http://127.0.0.1:${port}/there?x=1` });
      expect(moved.bytes.length).toBe(0);
      const controller = new AbortController();
      const hanging = fetcher.fetchBytes(`http://127.0.0.1:${port}/hang`, 'text/html', controller.signal);
      setTimeout(() => controller.abort(), 100);
      await expect(hanging).rejects.toThrow(/abort/i);
      // The connection pool still serves the next page.
      expect((await fetcher.fetchResource(`http://127.0.0.1:${port}/c`, 'text/html')).body).toBe(
        '<p>नमस्ते</p>',
      );
    } finally {
      await fetcher.close();
      server.closeAllConnections();
      server.close();
    }
  });
});
