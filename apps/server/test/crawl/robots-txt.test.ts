import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../../src/modules/crawl/robots-txt';

describe('robots.txt (RFC 9309)', () => {
  it('applies the longest matching rule, allow winning a tie', () => {
    const robots = parseRobotsTxt(
      [
        'User-agent: *',
        'Disallow: /private',
        'Allow: /private/public',
        'Disallow: /same',
        'Allow: /same',
      ].join('\n'),
      'BhashaBot',
    );
    expect(robots.isAllowed('/private/x')).toBe(false);
    expect(robots.isAllowed('/private/public/page')).toBe(true);
    expect(robots.isAllowed('/same')).toBe(true);
    expect(robots.isAllowed('/open')).toBe(true);
  });

  it('supports * wildcards and the $ end anchor', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /*.pdf$\nDisallow: /search*q=\n', 'BhashaBot');
    expect(robots.isAllowed('/docs/file.pdf')).toBe(false);
    expect(robots.isAllowed('/docs/file.pdf?download=1')).toBe(true);
    expect(robots.isAllowed('/search?q=term')).toBe(false);
    expect(robots.isAllowed('/search')).toBe(true);
  });

  it('uses the group naming our agent over *, merging groups and grouped agents', () => {
    const text = [
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: OtherBot',
      'User-agent: bhashabot',
      'Disallow: /admin',
      '# a comment',
      'User-agent: BhashaBot',
      'Disallow: /tmp # trailing comment',
      'Crawl-delay: 2',
      'Sitemap: https://example.in/sitemap.xml',
    ].join('\r\n');
    const robots = parseRobotsTxt(text, 'BhashaBot/1.0');
    expect(robots.isAllowed('/')).toBe(true);
    expect(robots.isAllowed('/admin/users')).toBe(false);
    expect(robots.isAllowed('/tmp/a')).toBe(false);
    expect(robots.crawlDelaySeconds).toBe(2);
    expect(robots.sitemaps).toEqual(['https://example.in/sitemap.xml']);
    expect(parseRobotsTxt(text, 'SomeoneElse').isAllowed('/page')).toBe(false);
  });

  it('treats an empty disallow as allow-all and always allows /robots.txt', () => {
    expect(parseRobotsTxt('User-agent: *\nDisallow:\n', 'BhashaBot').isAllowed('/anything')).toBe(true);
    expect(parseRobotsTxt('User-agent: *\nDisallow: /\n', 'BhashaBot').isAllowed('/robots.txt')).toBe(true);
  });

  it('matches percent-encoded and non-ASCII paths alike', () => {
    const robots = parseRobotsTxt('User-agent: *\nDisallow: /हिंदी/\n', 'BhashaBot');
    expect(robots.isAllowed('/%E0%A4%B9%E0%A4%BF%E0%A4%82%E0%A4%A6%E0%A5%80/page')).toBe(false);
    expect(robots.isAllowed('/english/page')).toBe(true);
  });

  it('ignores rules before any user-agent line and lines without a colon', () => {
    const robots = parseRobotsTxt('Disallow: /a\nnonsense\nUser-agent: *\nDisallow: /b\n', 'BhashaBot');
    expect(robots.isAllowed('/a')).toBe(true);
    expect(robots.isAllowed('/b')).toBe(false);
  });
});
