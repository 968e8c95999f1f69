import {
  ERROR_CODES,
  ERROR_MESSAGES,
  PROJECT_CREATION_STATUS,
  PROJECT_MESSAGES,
  ROLES,
  type ProjectCreationStatus,
} from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { z } from 'zod';
import type {
  createMultiOriginProjectRequestSchema,
  createProjectRequestSchema,
  projectListRequestSchema,
  updateProjectRequestSchema,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import { createSegmentsRepository } from '../crawl/segments.repository';
import { createPagesRepository } from '../scope/pages.repository';
import { createTranslationsRepository, type LanguageBuckets } from '../translation/translations.repository';
import { normaliseUrl } from '../crawl/normalise-url';
import { assertTransition } from './project-status';
import type { ProjectAccess } from './project-access';
import { projectDeleteJob } from './projects.job';
import { getProjectCreationGate, isProjectTypeAvailable, projectScopeOf } from './projects.policy';
import type { WordRecounts } from './word-recounts';
import { createProjectsRepository, type ProjectDomainRow, type ProjectRow } from './projects.repository';

type CreateInput = z.output<typeof createProjectRequestSchema>;
type CreateMultiInput = z.output<typeof createMultiOriginProjectRequestSchema>;
type ListInput = z.output<typeof projectListRequestSchema>;
type UpdateInput = z.output<typeof updateProjectRequestSchema>;

export interface ProjectsServiceDeps {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'> | null;
  background: BackgroundTasks;
  access: ProjectAccess;
  /** Whether a crawl of the project is running (word counts are about to change). */
  isCrawlRunning(projectId: string): Promise<boolean>;
  /** Word recounts outside a crawl (project/resync): whether one is queued or running. */
  recounts: Pick<WordRecounts, 'isPending'>;
}

function originAndHost(url: string): { origin: string; hostname: string } {
  const parsed = new URL(url);
  return { origin: parsed.origin, hostname: parsed.hostname.toLowerCase() };
}

/** A failure of the domain calls: the dashboard shows their `status` field (spec §8). */
function domainError(statusCode: number, message: string): AppError {
  const type =
    statusCode === 404
      ? ERROR_CODES.NOT_FOUND
      : statusCode === 409
        ? ERROR_CODES.CONFLICT
        : ERROR_CODES.VALIDATION_ERROR;
  return new AppError(statusCode, type, message, undefined, { status: message });
}

/** Rules of website (and other) projects: creation, listing, settings, domains, deletion, counts. */
export function createProjectsService(deps: ProjectsServiceDeps) {
  const { db, clock } = deps;
  const repository = createProjectsRepository(db);
  const pagesRepository = createPagesRepository(db);
  const segmentsRepository = createSegmentsRepository(db);
  const translationsRepository = createTranslationsRepository(db);

  /** The caller's organisation, once the creation rules (role, organisation, plan) allow a project. */
  async function requireCreationAllowed(principal: Principal, languages: readonly string[]): Promise<string> {
    const gate = await getProjectCreationGate(principal, () =>
      principal.organisationId
        ? repository.countWebsiteProjects(principal.organisationId)
        : Promise.resolve(0),
    );
    if (!gate.allowed || !principal.organisationId) throw AppError.forbidden(gate.reason ?? undefined);
    if (principal.role === ROLES.freeOrgAdmin && languages.length > 1)
      throw AppError.validation([PROJECT_MESSAGES.freePlanOneLanguage]);
    return principal.organisationId;
  }

  async function createWithOrigins(
    principal: Principal,
    input: {
      name?: string;
      type: ProjectRow['type'];
      urls: string[];
      sourceLanguage: string;
      targetLanguages: string[];
      scopeType: string;
    },
  ): Promise<{ project: ProjectRow; domains: ProjectDomainRow[] }> {
    const organisationId = await requireCreationAllowed(principal, input.targetLanguages);
    const baseUrl = input.urls[0] ? (normaliseUrl(input.urls[0]) ?? input.urls[0]) : '';
    const seen = new Set<string>();
    const origins = input.urls
      .map(originAndHost)
      .filter((o) => (seen.has(o.hostname) ? false : (seen.add(o.hostname), true)));
    return db.transaction(async (tx) => {
      const txRepository = createProjectsRepository(tx);
      const project = await txRepository.insert({
        organisationId,
        name: input.name ?? origins[0]?.hostname ?? 'Untitled project',
        type: input.type,
        baseUrl,
        sourceLanguage: input.sourceLanguage,
        targetLanguages: input.targetLanguages,
        scopeType: input.scopeType,
        status: PROJECT_CREATION_STATUS.partialCreated,
      });
      const domains: ProjectDomainRow[] = [];
      for (const [index, origin] of origins.entries()) {
        const row = await txRepository.insertDomain({
          organisationId,
          projectId: project.id,
          ...origin,
          isPrimary: index === 0,
        });
        if (row) domains.push(row);
      }
      if (principal.role === ROLES.collaborator)
        await txRepository.assignCollaborator(project.id, principal.id, organisationId);
      return { project, domains };
    });
  }

  async function wordCounts(projectId: string) {
    return segmentsRepository.projectCounts(projectId);
  }

  /**
   * The translated words of each target language, from the maintained translation counts (the
   * editor's progress bars read the same rows), so the overview never shows 0 translated while
   * the editor shows translations.
   */
  async function languageBuckets(project: ProjectRow): Promise<Map<string, LanguageBuckets>> {
    return (await translationsRepository.counts(project.id, project.targetLanguages)).languages;
  }

  /** Words with a translation (USER, MACHINE or PBK), whatever their display type. */
  function translatedWords(buckets: LanguageBuckets | undefined): number {
    return buckets ? buckets.translatedWords.translation + buckets.translatedWords.t13n : 0;
  }

  return {
    async create(principal: Principal, input: CreateInput) {
      if (!isProjectTypeAvailable(input.type)) throw AppError.validation([PROJECT_MESSAGES.typeNotAvailable]);
      if (input.type === 'website' && !input.baseUrl)
        throw AppError.validation([PROJECT_MESSAGES.websiteUrlRequired]);
      return createWithOrigins(principal, {
        ...(input.name ? { name: input.name } : {}),
        type: input.type,
        urls: input.baseUrl ? [input.baseUrl] : [],
        sourceLanguage: input.sourceLanguage,
        targetLanguages: input.targetLanguages,
        scopeType: input.scopeType,
      });
    },

    async createMultiOrigin(principal: Principal, input: CreateMultiInput) {
      return createWithOrigins(principal, {
        ...(input.name ? { name: input.name } : {}),
        type: 'website',
        urls: input.origins,
        sourceLanguage: input.sourceLanguage,
        targetLanguages: input.targetLanguages,
        scopeType: input.scopeType,
      });
    },

    async list(principal: Principal, input: ListInput) {
      return repository.list(projectScopeOf(principal), input);
    },

    async details(principal: Principal, projectId: string) {
      const project = await deps.access.requireVisible(principal, projectId);
      return { project, domains: await repository.listDomains([project.id]) };
    },

    /** project/update: name, languages, scope type and status (through the machine). */
    async update(principal: Principal, input: UpdateInput) {
      const project = await deps.access.requireManageable(principal, input.projectId);
      if (input.status) assertTransition(project.status as ProjectCreationStatus, input.status);
      if (
        input.targetLanguages &&
        principal.role === ROLES.freeOrgAdmin &&
        input.targetLanguages.length > 1
      ) {
        throw AppError.validation([PROJECT_MESSAGES.freePlanOneLanguage]);
      }
      const patch = {
        ...(input.name ? { name: input.name } : {}),
        ...(input.sourceLanguage ? { sourceLanguage: input.sourceLanguage } : {}),
        ...(input.targetLanguages ? { targetLanguages: input.targetLanguages } : {}),
        ...(input.scopeType ? { scopeType: input.scopeType } : {}),
      };
      const updated = input.status
        ? await repository.transitionStatus(
            project.id,
            [project.status as ProjectCreationStatus],
            input.status,
            clock.now(),
            patch,
          )
        : await repository.update(project.id, patch, clock.now());
      if (!updated) throw AppError.conflict(PROJECT_MESSAGES.invalidStatusChange);
      return { project: updated, domains: await repository.listDomains([updated.id]) };
    },

    /** project/delete: hidden at once, removed by a job; keepTm leaves its translations reusable. */
    async requestDelete(principal: Principal, projectId: string, keepTm: boolean) {
      const project = await deps.access.requireManageable(principal, projectId);
      const marked = await repository.markDeleting(project.id, keepTm, clock.now());
      if (!marked) throw AppError.notFound('The project');
      if (deps.jobs) {
        try {
          await deps.jobs.send(projectDeleteJob, { projectId: project.id }, { singletonKey: project.id });
        } catch (error) {
          // Without its job the mark would hide the project for good: give it back, and answer
          // the spec's text (§8) so the dashboard says the request failed.
          await repository.unmarkDeleting(project.id);
          throw new AppError(500, ERROR_CODES.INTERNAL_ERROR, ERROR_MESSAGES.projectDeletionFailed, [
            error instanceof Error ? error.message : String(error),
          ]);
        }
      } else deps.background.run('project delete', () => repository.deleteMarked(project.id));
      return { projectId: project.id, keepTm };
    },

    async stats(principal: Principal, projectId: string) {
      const project = await deps.access.requireVisible(principal, projectId);
      const [counts, urls, buckets] = await Promise.all([
        wordCounts(project.id),
        pagesRepository.counts(project.id),
        languageBuckets(project),
      ]);
      return {
        projectId: project.id,
        sourceWordCount: counts.sourceWordCount,
        uniqueWordCount: counts.uniqueWordCount,
        newContentWordCount: counts.newContentWordCount,
        totalUrls: urls.total,
        inScopeUrls: urls.inScope,
        redirectUrls: urls.redirects,
        crawledUrls: urls.crawled,
        failedUrls: urls.failed,
        trackedUrls: urls.tracked,
        segmentCount: counts.segmentCount,
        newSegmentCount: counts.newSegmentCount,
        // Per language: the unique words to translate and those already translated (any type).
        languages: project.targetLanguages.map((language) => ({
          language,
          sourceWordCount: counts.uniqueWordCount,
          translatedWordCount: translatedWords(buckets.get(language)),
        })),
      };
    },

    async urlWiseStats(principal: Principal, projectId: string, urls: string[]) {
      const project = await deps.access.requireVisible(principal, projectId);
      const keys = urls.map((u) => normaliseUrl(u) ?? u);
      const rows =
        keys.length > 0
          ? await pagesRepository.findByNormalisedUrls(project.id, keys)
          : (await pagesRepository.list(project.id, { pageNumber: 1, pageSize: 500 })).rows;
      const byKey = new Map(rows.map((r) => [r.normalisedUrl, r]));
      const ordered =
        keys.length > 0
          ? keys.map((k, i) => ({ url: urls[i]!, row: byKey.get(k) }))
          : rows.map((row) => ({ url: row.url, row }));
      return ordered.map(({ url, row }) => ({
        url,
        pageId: row?.id ?? null,
        status: row?.status ?? 'unknown',
        sourceWordCount: row?.sourceWordCount ?? 0,
        uniqueWordCount: row?.uniqueWordCount ?? 0,
        newContentWordCount: row?.newContentWordCount ?? 0,
        segmentCount: row?.segmentCount ?? 0,
        lastCrawledAt: row?.lastCrawledAt?.toISOString() ?? null,
      }));
    },

    /** project/fetchProjectId: the caller's project for a website, or its first project. */
    async fetchProjectId(principal: Principal, url?: string): Promise<string | null> {
      const scope = projectScopeOf(principal);
      if (!url) return (await repository.findFirstVisible(scope))?.id ?? null;
      const normalised = normaliseUrl(url.startsWith('http') ? url : `https://${url}`);
      if (!normalised) throw AppError.validation([PROJECT_MESSAGES.urlInvalid]);
      return (await repository.findVisibleByHost(scope, new URL(normalised).hostname))?.id ?? null;
    },

    async addDomain(principal: Principal, projectId: string, url: string) {
      const project = await deps.access.requireManageable(principal, projectId);
      const existing = await repository.listDomains([project.id]);
      if (existing.length >= 50) throw domainError(400, PROJECT_MESSAGES.tooManyOrigins);
      const origin = originAndHost(url);
      const baseHost = new URL(project.baseUrl).hostname.toLowerCase();
      if (existing.length === 0 && project.baseUrl) {
        // Projects made before domains existed (free-trial onboarding) get their base domain first.
        await repository.insertDomain({
          organisationId: project.organisationId,
          projectId: project.id,
          hostname: baseHost,
          origin: new URL(project.baseUrl).origin,
          isPrimary: true,
        });
      }
      const row = await repository.insertDomain({
        organisationId: project.organisationId,
        projectId: project.id,
        ...origin,
        isPrimary: false,
      });
      if (!row) throw domainError(409, PROJECT_MESSAGES.domainExists);
      return repository.listDomains([project.id]);
    },

    async deleteDomain(
      principal: Principal,
      projectId: string,
      target: { domainId?: string; hostname?: string },
    ) {
      const project = await deps.access.requireManageable(principal, projectId);
      const domains = await repository.listDomains([project.id]);
      const domain = domains.find(
        (d) => d.id === target.domainId || (target.hostname !== undefined && d.hostname === target.hostname),
      );
      if (!domain) throw domainError(404, PROJECT_MESSAGES.domainNotInProject);
      if (domain.isPrimary) throw domainError(400, PROJECT_MESSAGES.domainIsPrimary);
      await repository.deleteDomain(project.id, domain.id);
      return repository.listDomains([project.id]);
    },

    /**
     * GET project/wordcount/{id}: counts now, and whether a crawl or a queued recount (resync) is
     * about to change them. The
     * translated figures (spec §3 translationWordCount by type, translatedWordCount,
     * transliteratedWordCount) are summed over the project's target languages; per language they
     * come from /translation/status/wordcount.
     */
    async wordCount(principal: Principal, projectId: string) {
      const project = await deps.access.requireVisible(principal, projectId);
      const [counts, crawling, buckets] = await Promise.all([
        wordCounts(project.id),
        deps.isCrawlRunning(project.id),
        languageBuckets(project),
      ]);
      // The project row was read for this request: a recount mark set or cleared by another process shows.
      const updating = crawling || deps.recounts.isPending(project);
      const translationWordCount = { MACHINE: 0, USER: 0, PBK: 0 };
      let translatedWordCount = 0;
      let transliteratedWordCount = 0;
      for (const language of buckets.values()) {
        for (const type of ['MACHINE', 'USER', 'PBK'] as const)
          translationWordCount[type] += language.byType[type].words;
        translatedWordCount += language.translatedWords.translation;
        transliteratedWordCount += language.translatedWords.t13n;
      }
      return {
        projectId: project.id,
        sourceWordCount: counts.sourceWordCount,
        uniqueWordCount: counts.uniqueWordCount,
        newContentWordCount: counts.newContentWordCount,
        updating,
        translationWordCount,
        translatedWordCount,
        transliteratedWordCount,
      };
    },

    async deleteSegments(principal: Principal, projectId: string, sourceHashes: string[]) {
      const project = await deps.access.requireManageable(principal, projectId);
      const deleted = await db.transaction(async (tx) => {
        const txSegments = createSegmentsRepository(tx);
        const count = await txSegments.deleteByHashes(project.id, sourceHashes);
        if (count > 0) await txSegments.recountPages(project.id);
        return count;
      });
      return { deleted };
    },

    /** project/cache/update and project/meta/update: `key` is the switch, `status` its value. */
    async setFlag(
      principal: Principal,
      projectId: string,
      group: 'cache' | 'meta',
      key: string,
      status: boolean,
    ) {
      const project = await deps.access.requireManageable(principal, projectId);
      const settings = {
        ...project.settings,
        flags: { ...project.settings.flags, [`${group}.${key}`]: status },
      };
      if (group === 'cache' && (key === 'cache' || key === 'status' || key === 'enabled'))
        settings.cacheEnabled = status;
      if (group === 'meta' && (key === 'meta' || key === 'status' || key === 'enabled'))
        settings.metaEnabled = status;
      const updated = await repository.update(project.id, { settings }, clock.now());
      if (!updated) throw AppError.notFound('The project');
      return { project: updated, domains: await repository.listDomains([updated.id]) };
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
