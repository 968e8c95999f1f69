import { describe, expect, it } from 'vitest';
import { normaliseUrl } from '../../src/modules/crawl/normalise-url';
import { allowedHostsOf, toSeed } from '../../src/modules/crawl/crawl-scope';

describe('URL normalisation', () => {
  it('lower-cases the host, drops default ports and fragments, keeps the path case and query order', () => {
    expect(normaliseUrl('HTTPS://Example.IN:443/Docs/Page?b=2&a=1#top')).toBe(
      'https://example.in/Docs/Page?b=2&a=1',
    );
    expect(normaliseUrl('http://example.in:80')).toBe('http://example.in/');
    expect(normaliseUrl('http://example.in:8080/a')).toBe('http://example.in:8080/a');
  });

  it('removes tracking parameters only', () => {
    expect(normaliseUrl('https://example.in/a?utm_source=x&id=3&UTM_Medium=y&gclid=z')).toBe(
      'https://example.in/a?id=3',
    );
    expect(normaliseUrl('https://example.in/a?utm_campaign=x')).toBe('https://example.in/a');
  });

  it('resolves relative URLs and refuses what a crawler must not follow', () => {
    expect(normaliseUrl('../b/c.html', 'https://example.in/a/x/y.html')).toBe(
      'https://example.in/a/b/c.html',
    );
    expect(normaliseUrl('mailto:someone@example.in')).toBeNull();
    expect(normaliseUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseUrl('https://user:pass@example.in/')).toBeNull();
    expect(normaliseUrl('not a url')).toBeNull();
    expect(normaliseUrl(`https://example.in/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('keeps a crawl on the project hosts, www twin included, ports distinct', () => {
    const hosts = allowedHostsOf(['example.in', '127.0.0.1:8080']);
    expect(toSeed('https://www.example.in/a#x', hosts)?.normalisedUrl).toBe('https://www.example.in/a');
    expect(toSeed('http://127.0.0.1:8080/a', hosts)?.hostname).toBe('127.0.0.1:8080');
    expect(toSeed('http://127.0.0.1:9090/a', hosts)).toBeNull();
    expect(toSeed('https://evil.example/a', hosts)).toBeNull();
  });
});
