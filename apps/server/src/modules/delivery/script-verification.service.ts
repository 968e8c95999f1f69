import {
  DOMAIN_VERIFICATION_LEVELS,
  PROJECT_MESSAGES,
  PROJECT_TYPES,
  SCRIPT_VERIFICATION_MESSAGES,
  type DomainVerification,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PageFetcher } from '../crawl/page-fetcher';
import type { ProjectAccess } from '../projects/project-access';
import type { ProjectsRepository } from '../projects/projects.repository';
import { hostOf, isProjectHost } from './delivery-origin';
import type { DeliveryRepository } from './delivery.repository';
import { findSnippetTag } from './find-snippet-tag';

const MAX_REDIRECTS = 5;

type Domain = Awaited<ReturnType<DeliveryRepository['listDomains']>>[number];

/**
 * /parser/verifyScriptIntegration: fetches a page of the customer's site through the crawler's
 * SSRF-guarded fetcher (private addresses refused unless the deployment allows them, size and
 * time limits, redirects followed only within the project's domains) and looks for the snippet
 * tag. Levels (spec §4): 1 the script is there, 2 with this project's id, 3 the snippet itself
 * has reported visits from the domain (client verified), which no page check can lower.
 */
export function createScriptVerificationService(deps: {
  repository: DeliveryRepository;
  /** Where a check's finding is kept (the project's settings document). */
  projects: Pick<ProjectsRepository, 'saveDomainVerification'>;
  access: ProjectAccess;
  clock: Clock;
  /** A new guarded fetcher per check (closed after it): checks are rare, connections not worth keeping. */
  createFetcher: () => Pick<PageFetcher, 'fetchResource' | 'close'>;
}) {
  const { repository, access, clock } = deps;

  async function levelsOf(
    projectId: string,
    domains: readonly Domain[],
    stored: Record<string, { level: number; checkedAt: string }>,
  ): Promise<DomainVerification[]> {
    const visited = await repository.visitedHosts(projectId);
    return domains.map((domain) => {
      const check = stored[domain.hostname];
      const isClientVerified = visited.some((host) => isProjectHost(host, [domain.hostname]));
      return {
        domainId: domain.id,
        hostname: domain.hostname,
        verificationLevel: isClientVerified
          ? DOMAIN_VERIFICATION_LEVELS.clientVerified
          : (check?.level ?? DOMAIN_VERIFICATION_LEVELS.none),
        checkedAt: check?.checkedAt ?? null,
      };
    });
  }

  async function fetchPage(url: string, hosts: readonly string[]): Promise<string> {
    const fetcher = deps.createFetcher();
    try {
      return await fetchWithin(fetcher, url, hosts);
    } finally {
      await fetcher.close();
    }
  }

  async function fetchWithin(
    fetcher: Pick<PageFetcher, 'fetchResource'>,
    url: string,
    hosts: readonly string[],
  ): Promise<string> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      let page;
      try {
        page = await fetcher.fetchResource(current, 'text/html, application/xhtml+xml, */*;q=0.5');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw AppError.validation([`${SCRIPT_VERIFICATION_MESSAGES.unreachable}: ${reason}`]);
      }
      if (page.status >= 300 && page.status < 400 && page.location) {
        const host = hostOf(page.location);
        if (!host || !isProjectHost(host, hosts))
          throw AppError.validation([SCRIPT_VERIFICATION_MESSAGES.urlNotInProject]);
        current = page.location;
        continue;
      }
      if (page.status >= 400) {
        throw AppError.validation([`${SCRIPT_VERIFICATION_MESSAGES.unreachable}: HTTP ${page.status}`]);
      }
      return page.body;
    }
    throw AppError.validation([`${SCRIPT_VERIFICATION_MESSAGES.unreachable}: too many redirects`]);
  }

  return {
    async verify(principal: Principal, request: { projectId: string; domainId?: string; url?: string }) {
      const project = await access.requireManageable(principal, request.projectId);
      if (project.type !== PROJECT_TYPES.website) throw AppError.validation([PROJECT_MESSAGES.notWebsite]);
      const domains = await repository.listDomains(project.id);
      const hosts = domains.map((domain) => domain.hostname);
      let domain: Domain | undefined;
      let url: string;
      if (request.url) {
        const host = hostOf(request.url);
        domain = host ? domains.find((candidate) => isProjectHost(host, [candidate.hostname])) : undefined;
        if (!domain) throw AppError.validation([SCRIPT_VERIFICATION_MESSAGES.urlNotInProject]);
        url = request.url;
      } else {
        domain = request.domainId
          ? domains.find((candidate) => candidate.id === request.domainId)
          : (domains.find((candidate) => candidate.isPrimary) ?? domains[0]);
        if (!domain) throw AppError.notFound('The domain');
        url = new URL('/', domain.origin).href;
      }
      const found = findSnippetTag(await fetchPage(url, hosts), project.id);
      const now = clock.now();
      await deps.projects.saveDomainVerification(project.id, domain.hostname, found, now);
      const stored = {
        ...project.settings.domainVerifications,
        [domain.hostname]: { level: found, checkedAt: now.toISOString() },
      };
      const levels = await levelsOf(project.id, domains, stored);
      const message =
        found === DOMAIN_VERIFICATION_LEVELS.projectIdVerified
          ? SCRIPT_VERIFICATION_MESSAGES.verified
          : found === DOMAIN_VERIFICATION_LEVELS.scriptVerified
            ? SCRIPT_VERIFICATION_MESSAGES.scriptOnly
            : SCRIPT_VERIFICATION_MESSAGES.notFound;
      return {
        message,
        result: {
          url,
          scriptFound: found >= DOMAIN_VERIFICATION_LEVELS.scriptVerified,
          projectIdFound: found >= DOMAIN_VERIFICATION_LEVELS.projectIdVerified,
          domain: levels.find((level) => level.domainId === domain.id)!,
          domains: levels,
        },
      };
    },

    /** Every domain of the project with its verification level, for the integration card. */
    async list(principal: Principal, projectId: string) {
      const project = await access.requireVisible(principal, projectId);
      const domains = await repository.listDomains(project.id);
      return { domains: await levelsOf(project.id, domains, project.settings.domainVerifications ?? {}) };
    },
  };
}

export type ScriptVerificationService = ReturnType<typeof createScriptVerificationService>;
