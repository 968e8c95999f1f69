import { describe, expect, it } from 'vitest';
import { createLinkRewriter, publicHostsOf, type ProxyAddress } from '../../src/modules/proxy/proxy-urls';
import type { ProxySite } from '../../src/modules/proxy/proxy.repository';

const site: ProxySite = {
  projectId: 'p',
  organisationId: 'o',
  sourceLanguage: 'en',
  languages: ['hi'],
  settings: {},
  domains: [
    { hostname: 'example.in', origin: 'https://example.in' },
    { hostname: 'shop.example.in', origin: 'https://shop.example.in' },
  ],
  cacheVersion: 0,
};

function rewriter(mode: 'path' | 'subdomain', slugs = new Map<string, string>()) {
  const address: ProxyAddress = { mode, protocol: 'https:', port: '', publicHosts: publicHostsOf(site) };
  const page = new URL('https://example.in/docs/page');
  const publicPage =
    mode === 'path' ? new URL('https://example.in/hi/docs/page') : new URL('https://hi.example.in/docs/page');
  return createLinkRewriter({ site, address, language: 'hi', page, publicPage, slugs });
}

describe('link rewriting', () => {
  it('points internal links at the same language, keeps queries and fragments as written', () => {
    const path = rewriter('path');
    expect(path('/about')).toBe('/hi/about');
    expect(path('/feedback.html?')).toBe('/hi/feedback.html?');
    expect(path('/search?q=a%20b#top')).toBe('/hi/search?q=a%20b#top');
    expect(path('https://example.in/x')).toBe('/hi/x');
    expect(path('https://shop.example.in/cart')).toBe('https://shop.example.in/hi/cart');
    expect(path('other.html')).toBeUndefined();
    expect(path('#top')).toBeUndefined();
    expect(path('https://elsewhere.org/')).toBeUndefined();
    expect(path('mailto:a@example.in')).toBeUndefined();
    expect(path('javascript:void(0)')).toBeUndefined();
  });

  it('leaves links that already resolve on a language host, and uses slugs', () => {
    const subdomain = rewriter('subdomain', new Map([['/about', '/baare-mein']]));
    expect(subdomain('/x?')).toBeUndefined();
    expect(subdomain('https://example.in/x')).toBe('/x');
    expect(subdomain('https://shop.example.in/cart')).toBe('https://hi.shop.example.in/cart');
    expect(subdomain('/about#team')).toBe('/baare-mein#team');
    // Browsers drop line breaks and encode spaces in URLs: these already resolve, so their bytes stay.
    expect(subdomain('/articles/\n261453.php')).toBeUndefined();
    expect(subdomain('/local news?x')).toBeUndefined();
    expect(subdomain('https://example.in/local news')).toBe('/local%20news');
    const path = rewriter('path');
    expect(path('/articles/\n261453.php')).toBe('/hi/articles/261453.php');
  });
});
