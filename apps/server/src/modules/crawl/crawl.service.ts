import { CRAWL_STATUS, PROJECT_CREATION_STATUS, PROJECT_MESSAGES, type CrawlInfo } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { Principal } from '../../http/access';
import type { JobQueue } from '../../jobs/job-queue';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { statusesLeadingTo } from '../projects/project-status';
import type { ProjectAccess } from '../projects/project-access';
import { createProjectStatusService } from '../projects/project-status.service';
import { createProjectsRepository, type ProjectRow } from '../projects/projects.repository';
import type { PageSeed } from '../scope/pages.repository';
import { crawlStartJob } from './crawl.job';
import { presentCrawlInfo } from './crawl.presenter';
import type { CrawlMode } from './crawl-runner';
import { allowedHostsOf, toSeed } from './crawl-scope';
import { createCrawlsRepository, type CrawlRow } from './crawls.repository';

export interface CrawlServiceDeps {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'> | null;
  access: ProjectAccess;
}

/** Starting crawls and reading their state; the crawling itself runs in crawl jobs. */
export function createCrawlService(deps: CrawlServiceDeps) {
  const { db, clock } = deps;
  const crawls = createCrawlsRepository(db);

  async function allowedHosts(project: ProjectRow): Promise<Set<string>> {
    const rows = await createProjectsRepository(db).listActiveDomains(project.id);
    const origins = rows.length > 0 ? rows.map((r) => r.origin) : [project.baseUrl];
    return allowedHostsOf(origins.map((o) => new URL(o).host));
  }

  async function queueStart(crawl: CrawlRow, mode: CrawlMode): Promise<void> {
    if (!deps.jobs) throw new Error('crawls need the job queue');
    try {
      await deps.jobs.send(
        crawlStartJob,
        { crawlId: crawl.id, projectId: crawl.projectId, mode, seq: 0 },
        { singletonKey: crawl.id },
      );
    } catch (error) {
      await crawls.transition(crawl.id, [CRAWL_STATUS.INACTIVE], CRAWL_STATUS.FAILED, {
        error: 'Could not queue the crawl',
        finishedAt: clock.now(),
      });
      throw error;
    }
  }

  /**
   * Creates a crawl of the project unless one is running (then answers that one). For a full
   * crawl the project goes to `crawling` through the status machine, in the same transaction.
   */
  async function createCrawl(
    project: ProjectRow,
    initUrl: string,
    mode: CrawlMode,
    seeds: PageSeed[],
  ): Promise<CrawlRow> {
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      // Lock the project row: two requests at once create one crawl.
      const locked = await createProjectsRepository(tx).findForUpdate(project.id);
      if (!locked || locked.deletingAt) throw AppError.notFound('The project');
      const txCrawls = createCrawlsRepository(tx);
      const running = await txCrawls.findActive(project.id);
      if (running) return { crawl: running, isNew: false };
      if (mode === 'full') {
        // The row is locked: the guarded move fails exactly when the machine refuses it.
        const moved = await createProjectStatusService({ db: tx, clock }).move(
          project.id,
          statusesLeadingTo(PROJECT_CREATION_STATUS.crawling),
          PROJECT_CREATION_STATUS.crawling,
          { now },
        );
        if (!moved) throw AppError.validation([PROJECT_MESSAGES.invalidStatusChange]);
      }
      const crawl = await txCrawls.insert({
        organisationId: project.organisationId,
        projectId: project.id,
        initUrl,
        status: CRAWL_STATUS.INACTIVE,
      });
      if (seeds.length > 0) await txCrawls.enqueue(crawl, seeds);
      return { crawl, isNew: true };
    });
    if (created.isNew) await queueStart(created.crawl, mode);
    return created.crawl;
  }

  return {
    /** project/crawl: a full crawl from `initUrl` (default: the base URL), on the project's domains. */
    async startCrawl(principal: Principal, projectId: string, initUrl?: string): Promise<CrawlRow> {
      const project = await deps.access.requireWebsite(principal, projectId);
      const hosts = await allowedHosts(project);
      const seed = toSeed(initUrl ?? project.baseUrl, hosts);
      if (!seed) throw AppError.validation([PROJECT_MESSAGES.urlInvalid]);
      return createCrawl(project, seed.normalisedUrl, 'full', []);
    },

    /** Re-fetches the given URLs of the project now (scope/flush/start, the content tracker). */
    async refetch(project: ProjectRow, seeds: PageSeed[]): Promise<CrawlRow> {
      return createCrawl(project, seeds[0]?.url ?? project.baseUrl, 'urls', seeds);
    },

    async allowedHosts(project: ProjectRow): Promise<Set<string>> {
      return allowedHosts(project);
    },

    /** scope/crawl/last: the latest crawl, or INACTIVE with the base URL when there is none. */
    async lastCrawl(principal: Principal, projectId: string): Promise<CrawlInfo> {
      const project = await deps.access.requireVisible(principal, projectId);
      return presentCrawlInfo(await crawls.findLast(project.id), project.lastProcessedUrl ?? project.baseUrl);
    },

    async isRunning(projectId: string): Promise<boolean> {
      return (await crawls.findActive(projectId)) !== undefined;
    },
  };
}

export type CrawlService = ReturnType<typeof createCrawlService>;
