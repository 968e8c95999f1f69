import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { extractSegments } from '@bhasha/engine';
import { pages, projects } from '@bhasha/db';
import { normaliseUrl } from '../../../src/modules/crawl/normalise-url';
import type { CrawlSettings } from '../../../src/modules/crawl/crawl-runtime';
import { createSegmentsRepository } from '../../../src/modules/crawl/segments.repository';
import { buildCrawlTestApp, type CrawlTestApp } from '../../crawl/support/crawl-test-app';

/** Real pages of the handbook fixture site (see test/fixtures/websites/SOURCES.md). */
export const HANDBOOK_PAGES = [
  'index.html',
  'docs/architecture/index.html',
  'docs/category/configuration/index.html',
  'help/index.html',
] as const;

/** The handbook fixture site's folder (HANDBOOK_PAGES are relative to it). */
export const HANDBOOK_ROOT = join(
  import.meta.dirname,
  '..',
  '..',
  'fixtures',
  'websites',
  'jitsi-handbook',
  'handbook',
);

export type Headers = Record<string, string>;
type InjectResponse = Awaited<ReturnType<CrawlTestApp['app']['inject']>>;

export interface TranslationFixture {
  t: CrawlTestApp;
  organisationId: string;
  admin: Headers;
  adminUserId: string;
  post(url: string, payload: object, headers?: Headers): Promise<InjectResponse>;
  /** Creates a website project and stores the segments of the given fixture pages through the segments repository. */
  createProject(options?: {
    targetLanguages?: string[];
    pageFiles?: readonly string[];
    baseUrl?: string;
    headers?: Headers;
  }): Promise<{ projectId: string; pageUrls: string[] }>;
  /** Stores one more fixture page in a project (as a crawl would). */
  addPage(projectId: string, file: string, baseUrl?: string): Promise<string>;
  close(): Promise<void>;
}

let projectSequence = 0;

export async function buildTranslationFixture(
  crawlSettings: Partial<CrawlSettings> = {},
): Promise<TranslationFixture> {
  const t = await buildCrawlTestApp(crawlSettings);
  const organisation = await t.createOrganisation();
  const member = await t.createMember('organisationAdmin', organisation.id);
  const admin = member.headers;
  const post = (url: string, payload: object, headers: Headers = admin) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  async function addPage(projectId: string, file: string, baseUrl?: string): Promise<string> {
    const [project] = await t.handle.db.select().from(projects).where(eq(projects.id, projectId));
    if (!project) throw new Error(`no project ${projectId}`);
    const origin = baseUrl ?? project.baseUrl;
    const url = new URL(file.replace(/index\.html$/, ''), origin.endsWith('/') ? origin : `${origin}/`).href;
    const html = await readFile(join(HANDBOOK_ROOT, file), 'utf8');
    const [page] = await t.handle.db
      .insert(pages)
      .values({
        organisationId: project.organisationId,
        projectId,
        url,
        normalisedUrl: normaliseUrl(url) ?? url,
        hostname: new URL(url).hostname,
        status: 'fetched',
      })
      .returning({ id: pages.id });
    const counts = await createSegmentsRepository(t.handle.db).replacePageSegments(
      { organisationId: project.organisationId, projectId, pageId: page!.id },
      extractSegments(html),
      new Date(),
    );
    await t.handle.db
      .update(pages)
      .set({ ...counts, lastCrawledAt: new Date() })
      .where(eq(pages.id, page!.id));
    return url;
  }

  return {
    t,
    organisationId: organisation.id,
    admin,
    adminUserId: member.user.id,
    post,
    addPage,
    async createProject(options = {}) {
      projectSequence += 1;
      const baseUrl = options.baseUrl ?? `https://handbook${projectSequence}.example.in`;
      const created = await post(
        '/project/new',
        { baseUrl, targetLanguages: options.targetLanguages ?? ['hi', 'ta'] },
        options.headers ?? admin,
      );
      const projectId = created.json<{ data: { project: { id: string } } }>().data?.project?.id;
      if (!projectId) throw new Error(`project not created: ${created.body}`);
      const pageUrls: string[] = [];
      for (const file of options.pageFiles ?? HANDBOOK_PAGES)
        pageUrls.push(await addPage(projectId, file, baseUrl));
      return { projectId, pageUrls };
    },
    close: () => t.close(),
  };
}
