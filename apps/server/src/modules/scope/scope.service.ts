import {
  ERROR_CODES,
  ERROR_MESSAGES,
  MAX_URLS_PER_CALL,
  PROJECT_MESSAGES,
  SCOPE_ALL_URL_PART_SIZE,
  SCOPE_MESSAGES,
} from '@bhasha/contract';
import type { ScopeShow } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { CrawlService } from '../crawl/crawl.service';
import { toSeed } from '../crawl/crawl-scope';
import { normaliseUrl } from '../crawl/normalise-url';
import type { ProjectAccess } from '../projects/project-access';
import type { WordRecounts } from '../projects/word-recounts';
import { createProjectsRepository } from '../projects/projects.repository';
import { createProxyRepository } from '../proxy/proxy.repository';
import { createPagesRepository, type PageRow, type PageSeed } from './pages.repository';

export interface ScopeServiceDeps {
  db: Database;
  access: ProjectAccess;
  crawl: CrawlService;
  recounts: Pick<WordRecounts, 'request'>;
}

export interface Paging {
  pageNumber: number;
  pageSize: number;
}

/** A failure with one of the spec's fixed texts (§8), carrying details for the dashboard. */
function fixedFailure(statusCode: number, message: string, data?: unknown): AppError {
  return new AppError(
    statusCode,
    statusCode === 404 ? ERROR_CODES.NOT_FOUND : ERROR_CODES.VALIDATION_ERROR,
    message,
    data,
  );
}

/** The URLs of a website project: listing, adding, scope and tracking switches, tracked versions. */
export function createScopeService(deps: ScopeServiceDeps) {
  const pages = createPagesRepository(deps.db);
  const slugs = createProxyRepository(deps.db);
  const projects = createProjectsRepository(deps.db);

  async function findPage(projectId: string, target: { urlId?: string; url?: string }): Promise<PageRow> {
    const key = target.url ? normaliseUrl(target.url) : null;
    const page = target.urlId
      ? await pages.findById(projectId, target.urlId)
      : key
        ? await pages.findByNormalisedUrl(projectId, key)
        : undefined;
    if (!page) throw fixedFailure(404, SCOPE_MESSAGES.urlNotFound);
    return page;
  }

  async function addUrls(principal: Principal, projectId: string, urls: readonly string[]) {
    const project = await deps.access.requireManageable(principal, projectId);
    const hosts = await deps.crawl.allowedHosts(project);
    const failed: Array<{ url: string; reason: string }> = [];
    const seeds = new Map<string, PageSeed>();
    for (const url of urls) {
      const seed = toSeed(url, hosts);
      if (seed) seeds.set(seed.normalisedUrl, seed);
      else
        failed.push({
          url: url.slice(0, 2048),
          reason: normaliseUrl(url) ? PROJECT_MESSAGES.domainNotInProject : PROJECT_MESSAGES.urlInvalid,
        });
    }
    if (seeds.size === 0) throw fixedFailure(400, ERROR_MESSAGES.urlAddToScopeFailed, { failed });
    const added = await pages.insertMissing(project.organisationId, project.id, [...seeds.values()]);
    return { added, existing: seeds.size - added, failed };
  }

  return {
    async list(
      principal: Principal,
      projectId: string,
      paging: Paging,
      search?: string,
      show: ScopeShow = 'pages',
    ) {
      const project = await deps.access.requireWebsite(principal, projectId);
      return pages.list(project.id, { ...paging, ...(search ? { search } : {}), show });
    },

    /** Pages by default: a URL that redirects is folded under its target (ADR 0030). */
    async listByHost(
      principal: Principal,
      projectId: string,
      paging: Paging,
      filter: { search?: string; hostname?: string; show?: ScopeShow },
    ) {
      const project = await deps.access.requireWebsite(principal, projectId);
      return pages.list(project.id, { show: 'pages', ...paging, ...filter });
    },

    /** scope/allUrl: one part of the in-scope URLs, duplicates removed (spec §9). */
    async allUrls(principal: Principal, projectId: string, pagePart: number) {
      const project = await deps.access.requireWebsite(principal, projectId);
      const { urls, total } = await pages.listUrlPart(
        project.id,
        pagePart * SCOPE_ALL_URL_PART_SIZE,
        SCOPE_ALL_URL_PART_SIZE,
      );
      const unique = [...new Set(urls)];
      return { urlList: unique, total, pagePart, hasMore: (pagePart + 1) * SCOPE_ALL_URL_PART_SIZE < total };
    },

    async domainWiseUrls(principal: Principal, projectId: string) {
      const project = await deps.access.requireWebsite(principal, projectId);
      return pages.hostnameCounts(project.id);
    },

    async fetchAllDomains(principal: Principal, projectId: string) {
      const project = await deps.access.requireVisible(principal, projectId);
      const domains = await projects.listDomains([project.id]);
      if (domains.length > 0) return domains;
      const base = new URL(project.baseUrl);
      return [{ id: project.id, hostname: base.hostname, origin: base.origin, active: true }];
    },

    async uniqueDomains(principal: Principal, projectId: string): Promise<string[]> {
      const project = await deps.access.requireWebsite(principal, projectId);
      return (await pages.hostnameCounts(project.id)).map((h) => h.hostname);
    },

    async fetchByUrl(principal: Principal, projectId: string, url: string): Promise<PageRow> {
      const project = await deps.access.requireWebsite(principal, projectId);
      return findPage(project.id, { url });
    },

    addUrls,

    /** scope/upload and project/scope: the URLs of an uploaded list, added in bounded slices. */
    async addUrlList(principal: Principal, projectId: string, urls: readonly string[]) {
      if (urls.length === 0) throw fixedFailure(400, ERROR_MESSAGES.urlAddToScopeFailed, { failed: [] });
      let added = 0;
      let existing = 0;
      const failed: Array<{ url: string; reason: string }> = [];
      for (let i = 0; i < urls.length; i += MAX_URLS_PER_CALL) {
        try {
          const result = await addUrls(principal, projectId, urls.slice(i, i + MAX_URLS_PER_CALL));
          added += result.added;
          existing += result.existing;
          failed.push(...result.failed);
        } catch (error) {
          const data =
            error instanceof AppError ? (error.data as { failed?: typeof failed } | undefined) : undefined;
          if (!data?.failed) throw error;
          failed.push(...data.failed);
        }
      }
      if (added + existing === 0) throw fixedFailure(400, ERROR_MESSAGES.urlAddToScopeFailed, { failed });
      return { added, existing, failed };
    },

    async toggleScope(
      principal: Principal,
      projectId: string,
      ids: string[],
      urls: string[],
      inScope: boolean,
    ) {
      const project = await deps.access.requireManageable(principal, projectId);
      const keys = urls.map((u) => normaliseUrl(u) ?? u);
      const updated = await pages.setInScope(project.id, ids, keys, inScope);
      if (updated === 0) throw fixedFailure(404, ERROR_MESSAGES.scopeToggleFailed);
      return updated;
    },

    async toggleTracking(
      principal: Principal,
      projectId: string,
      ids: string[],
      urls: string[],
      tracked: boolean,
    ) {
      const project = await deps.access.requireManageable(principal, projectId);
      const keys = urls.map((u) => normaliseUrl(u) ?? u);
      const updated = await pages.setTracked(project.id, ids, keys, tracked);
      if (updated === 0) throw fixedFailure(404, ERROR_MESSAGES.trackUrlToggleFailed);
      return updated;
    },

    async enableUrlTrack(principal: Principal, projectId: string, status: boolean) {
      const project = await deps.access.requireManageable(principal, projectId);
      return pages.setTrackedForScope(project.id, status);
    },

    /**
     * scope/project/resync: word counts recomputed by a job (spec §8 message); GET
     * project/wordcount answers `updating` until it has run.
     */
    async resync(principal: Principal, projectId: string): Promise<void> {
      const project = await deps.access.requireWebsite(principal, projectId);
      await deps.recounts.request(project.id);
    },

    /** scope/flush/start: fetch one URL of the project again now. */
    async flush(principal: Principal, projectId: string, url: string) {
      const project = await deps.access.requireWebsite(principal, projectId);
      const page = await findPage(project.id, { url });
      return deps.crawl.refetch(project, [
        { url: page.url, normalisedUrl: page.normalisedUrl, hostname: page.hostname, depth: page.depth },
      ]);
    },

    /** tracker/projectContentTracker: fetch every tracked URL now; changed content becomes new. */
    async runTracker(principal: Principal, projectId: string) {
      const project = await deps.access.requireWebsite(principal, projectId);
      const seeds: PageSeed[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const { rows } = await pages.list(project.id, { pageNumber, pageSize: 500, trackedOnly: true });
        seeds.push(
          ...rows
            .filter((r) => r.inScope)
            .map((r) => ({
              url: r.url,
              normalisedUrl: r.normalisedUrl,
              hostname: r.hostname,
              depth: r.depth,
            })),
        );
        if (rows.length < 500) break;
      }
      if (seeds.length === 0) return { crawlId: null, urls: 0 };
      const crawl = await deps.crawl.refetch(project, seeds);
      return { crawlId: crawl.id, urls: seeds.length };
    },

    /** scope/pageSegments: what the extractor found on one URL (the Scope page's preview). */
    async pageSegments(principal: Principal, projectId: string, urlId: string, paging: Paging) {
      const project = await deps.access.requireWebsite(principal, projectId);
      const page = await findPage(project.id, { urlId });
      const { rows, total } = await pages.listPageSegments(page.id, paging);
      return { page, segments: rows, total };
    },

    /** scope/getUrlTranslations: the stored translated URL slugs (paths), for the Scope page's rows. */
    async urlTranslations(principal: Principal, projectId: string, language?: string) {
      const project = await deps.access.requireWebsite(principal, projectId);
      // The slugs are the proxy's table; the Scope page names their fields as the spec does.
      const rows = (await slugs.listUrlTranslations(project.id, language)).map((row) => ({
        id: row.id,
        targetLang: row.language,
        url: row.sourcePath,
        translatedUrl: row.translatedPath,
      }));
      return { urlTranslations: rows, total: rows.length };
    },

    async trackingUrls(principal: Principal, projectId: string, paging: Paging) {
      const project = await deps.access.requireWebsite(principal, projectId);
      return pages.list(project.id, { ...paging, trackedOnly: true });
    },

    async trackingFiles(principal: Principal, projectId: string, target: { urlId?: string; url?: string }) {
      const project = await deps.access.requireWebsite(principal, projectId);
      const page = await findPage(project.id, target);
      return { url: page.url, files: await pages.listVersions(page.id) };
    },

    async trackingFileContents(principal: Principal, projectId: string, fileIds: string[]) {
      const project = await deps.access.requireWebsite(principal, projectId);
      const files = await pages.findVersions(project.id, fileIds);
      if (files.length === 0) throw fixedFailure(404, SCOPE_MESSAGES.fileNotFound);
      // In the order asked (the caller compares them side by side), not the database's.
      const position = new Map(fileIds.map((id, index) => [id, index] as const));
      return files.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
