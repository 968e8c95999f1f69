import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { projectDomains } from '@bhasha/db';
import { afterAll, describe, expect, it } from 'vitest';
import { ORGPEDIA_ROOT, buildProxyTestApp, type ProxyTestApp } from './support/proxy-test-app';

const apps: ProxyTestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('a language subdomain of a project domain', () => {
  it('serves the orgpedia site at {lang}.{domain}, with alternates and canonical on the language hosts', async () => {
    const p = await buildProxyTestApp();
    apps.push(p);
    const site = await p.startSite({ root: ORGPEDIA_ROOT });
    const { port } = new URL(site.origin);
    const projectId = await p.createProject(`${site.origin}/`);
    // Language subdomains need a DNS name (`hi.127.0.0.1` is no host): serve the site as localhost.
    const hostname = 'localhost';
    await p.t.handle.db
      .update(projectDomains)
      .set({ hostname, origin: `http://${hostname}:${port}` })
      .where(eq(projectDomains.projectId, projectId));
    const hashes = await p.addPage(projectId, `${site.origin}/`, join(ORGPEDIA_ROOT, 'index.html'));
    await p.translate(projectId, 'hi', new Map(hashes.map((hash, index) => [hash, `अनुवाद ${index}`])));

    const response = await p.visit(`hi.${hostname}:${port}`, '/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/^अनुवाद \d+$/);
    expect(html).toMatch(/<html lang="hi" dir="ltr">/);
    expect(html).toContain(`<link rel="alternate" hreflang="ta" href="http://ta.${hostname}:${port}/">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="http://${hostname}:${port}/">`);
    expect(html).toContain(`<link rel="canonical" href="http://hi.${hostname}:${port}/">`);
    // Relative links already resolve on the language host: untouched.
    const origin = await fetch(`${site.origin}/`).then((r) => r.text());
    const relative = /<a [^>]*href="([^"#:]+)"/.exec(origin)?.[1];
    if (relative && !relative.startsWith('/')) expect(html).toContain(`href="${relative}"`);
    // A language the project does not publish is not served.
    const unpublished = await p.visit(`fr.${hostname}:${port}`, '/');
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.body).toContain('Language not published');
  }, 120_000);
});

describe('origins on private addresses', () => {
  it('are refused with a clear error page unless the deployment allows them', async () => {
    const p = await buildProxyTestApp({ env: { ALLOW_PRIVATE_NETWORK_FETCH: 'false' } });
    apps.push(p);
    const site = await p.startSite({ root: ORGPEDIA_ROOT });
    await p.createProject(`${site.origin}/`);
    const hitsBefore = site.hits.get('/') ?? 0;
    const response = await p.visit(new URL(site.origin).host, '/hi/');
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('This site’s address is not allowed');
    expect(response.body).toContain('127.0.0.1 is a private or reserved address');
    expect(site.hits.get('/') ?? 0).toBe(hitsBefore);
  }, 120_000);
});
