import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { extractSegments } from '@bhasha/engine';
import { pages, projectDomains, projects } from '@bhasha/db';
import { createSegmentsRepository } from '../../../src/modules/crawl/segments.repository';
import { normaliseUrl } from '../../../src/modules/crawl/normalise-url';
import { createOrganisationsRepository } from '../../../src/modules/organisations/organisations.repository';
import type { Clock } from '../../../src/lib/clock';
import type { TxtResolver } from '../../../src/modules/proxy/dns-txt-resolver';
import { startStaticSite, type StaticSiteOptions } from '../../crawl/support/static-site';
import { authHeaders, buildTestApp, createUserWithToken } from '../../support/test-app';

export const WEBSITES = join(import.meta.dirname, '..', '..', 'fixtures', 'websites');
export const HANDBOOK_ROOT = join(WEBSITES, 'jitsi-handbook', 'handbook');
export const ORGPEDIA_ROOT = join(WEBSITES, 'orgpedia-cabsec');

/**
 * The app with the proxy re-reading settings and translations on every request
 * (PROXY_REVALIDATE_MS=0), an organisation admin, and helpers to create a website project on a
 * loopback fixture site with its pages' segments stored as a crawl would store them.
 */
export async function buildProxyTestApp(
  options: { env?: Record<string, string>; clock?: Clock; dnsResolver?: TxtResolver } = {},
) {
  const t = await buildTestApp({
    env: { PROXY_REVALIDATE_MS: '0', RENDER_BASE_URL: 'http://render.bhasha.test', ...options.env },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.dnsResolver ? { dnsResolver: options.dnsResolver } : {}),
  });
  const organisation = await createOrganisationsRepository(t.handle.db).insert({
    name: 'Proxy Org',
    plan: 'paid',
  });
  const { user, token } = await createUserWithToken(t, {
    role: 'organisationAdmin',
    organisationId: organisation.id,
  });
  const admin = authHeaders(token);
  const sites: { close(): Promise<void> }[] = [];

  const api = (url: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  async function startSite(site: StaticSiteOptions) {
    const started = await startStaticSite(site);
    sites.push(started);
    return started;
  }

  /**
   * A website project whose domains count as verified (`verified: false` leaves them unproved):
   * the proof itself (DNS TXT, /.well-known/ file) is tested in domain-ownership.test.ts.
   */
  async function createProject(
    baseUrl: string,
    targetLanguages = ['hi', 'ta'],
    options: { verified?: boolean; headers?: Record<string, string> } = {},
  ): Promise<string> {
    const created = await api('/project/new', { baseUrl, targetLanguages }, options.headers ?? admin);
    const projectId = created.json<{ data: { project: { id: string } } }>().data?.project?.id;
    if (!projectId) throw new Error(`project not created: ${created.body}`);
    if (options.verified !== false)
      await t.handle.db
        .update(projectDomains)
        .set({ ownershipVerifiedAt: new Date(), ownershipMethod: 'dns', ownershipToken: 'test' })
        .where(eq(projectDomains.projectId, projectId));
    return projectId;
  }

  /** Stores a fixture page's segments in the project, as a crawl of `url` would. */
  async function addPage(projectId: string, url: string, file: string): Promise<string[]> {
    const [project] = await t.handle.db.select().from(projects).where(eq(projects.id, projectId));
    const html = await readFile(file, 'utf8');
    const [page] = await t.handle.db
      .insert(pages)
      .values({
        organisationId: project!.organisationId,
        projectId,
        url,
        normalisedUrl: normaliseUrl(url) ?? url,
        hostname: new URL(url).hostname,
        status: 'fetched',
        httpStatus: 200,
      })
      .returning({ id: pages.id });
    const segments = extractSegments(html);
    await createSegmentsRepository(t.handle.db).replacePageSegments(
      { organisationId: project!.organisationId, projectId, pageId: page!.id },
      segments,
      new Date(),
    );
    return segments.map((segment) => segment.sourceHash);
  }

  async function translate(projectId: string, targetLang: string, texts: ReadonlyMap<string, string>) {
    await t.services.translationWriter.write(
      { organisationId: organisation.id, projectId, authorId: user.id },
      [...texts].map(([sourceHash, text]) => ({
        sourceHash,
        targetLang,
        text,
        type: 'USER' as const,
        origin: 'editor' as const,
      })),
    );
  }

  return {
    t,
    admin,
    organisationId: organisation.id,
    userId: user.id,
    api,
    startSite,
    createProject,
    addPage,
    translate,
    /** A visitor's GET on a host. */
    visit: (host: string, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { host, ...headers } }),
    async close() {
      for (const site of sites) await site.close();
      await t.close();
    },
  };
}

export type ProxyTestApp = Awaited<ReturnType<typeof buildProxyTestApp>>;
