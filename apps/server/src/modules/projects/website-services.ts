import type { Database } from '@bhasha/db';
import type { Principal } from '../../http/access';
import type { JobQueue } from '../../jobs/job-queue';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import { createCrawlService } from '../crawl/crawl.service';
import { createScopeService } from '../scope/scope.service';
import { createIgnorePatternsRepository } from './ignore-patterns.repository';
import { createIgnorePatternsService } from './ignore-patterns.service';
import { createProjectAccess } from './project-access';
import { createProjectsRepository } from './projects.repository';
import { createProjectsService } from './projects.service';
import { createWordRecounts } from './word-recounts';

/** The website-project services (projects, crawl, scope), wired together once. */
export function createWebsiteServices(deps: {
  db: Database;
  clock: Clock;
  jobs: JobQueue | null;
  background: BackgroundTasks;
}) {
  const access = createProjectAccess(createProjectsRepository(deps.db));
  const crawl = createCrawlService({ db: deps.db, clock: deps.clock, jobs: deps.jobs, access });
  const recounts = createWordRecounts(deps);
  return {
    /** For the socket gateway: may this caller join the project's room? */
    canSeeProject: (principal: Principal, projectId: string) =>
      access.requireVisible(principal, projectId).then(
        () => true,
        () => false,
      ),
    crawl,
    projects: createProjectsService({
      ...deps,
      access,
      isCrawlRunning: (projectId) => crawl.isRunning(projectId),
      recounts,
    }),
    scope: createScopeService({ db: deps.db, access, crawl, recounts }),
    ignorePatterns: createIgnorePatternsService({
      repository: createIgnorePatternsRepository(deps.db),
      access,
      clock: deps.clock,
    }),
  };
}
