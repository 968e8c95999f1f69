import type { Database } from '@bhasha/db';
import type { AppConfig } from '../../config/load-config';
import type { Clock } from '../../lib/clock';
import type { ProjectAccess } from '../projects/project-access';
import { createPageFetcher, DEFAULT_FETCHER_OPTIONS } from '../crawl/page-fetcher';
import { createTxtResolver, type TxtResolver } from './dns-txt-resolver';
import { createDomainOwnershipRepository } from './domain-ownership.repository';
import { createDomainOwnershipService } from './domain-ownership.service';
import { createOriginFetcher } from './origin-fetcher';
import { createPreviewTokens } from './preview-token';
import { createProxyAdminService } from './proxy-admin.service';
import { createProxyRepository } from './proxy.repository';
import { createProxyService } from './proxy.service';

/** The translating proxy and its dashboard calls, wired from the configuration (README "Proxy"). */
export function createProxyServices(deps: {
  db: Database;
  config: AppConfig;
  renderBaseUrl: string;
  access: ProjectAccess;
  clock: Clock;
  /** DNS of domain ownership checks; default: the system's resolver. */
  resolver?: TxtResolver;
}) {
  const { env } = deps.config;
  const repository = createProxyRepository(deps.db);
  const proxy = createProxyService({
    source: repository,
    fetcher: createOriginFetcher({
      allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK_FETCH,
      maxBytes: env.PROXY_MAX_BYTES,
      timeoutMs: env.PROXY_TIMEOUT_MS,
      connectionsPerOrigin: env.PROXY_CONNECTIONS_PER_ORIGIN,
    }),
    tokens: createPreviewTokens(deps.config.jwtSecret),
    settings: {
      maxBytes: env.PROXY_MAX_BYTES,
      timeoutMs: env.PROXY_TIMEOUT_MS,
      cacheBytes: env.PROXY_CACHE_MB * 1024 * 1024,
      revalidateMs: env.PROXY_REVALIDATE_MS,
      forwardCookies: env.PROXY_FORWARD_COOKIES,
      renderBaseUrl: deps.renderBaseUrl,
      previewTtlMs: env.PROXY_PREVIEW_TTL_HOURS * 3_600_000,
    },
    now: () => deps.clock.now().getTime(),
  });
  const proxyAdmin = createProxyAdminService({ repository, access: deps.access, proxy, clock: deps.clock });
  const domainOwnership = createDomainOwnershipService({
    repository: createDomainOwnershipRepository(deps.db),
    access: deps.access,
    clock: deps.clock,
    resolver: deps.resolver ?? createTxtResolver(),
    createFetcher: () => createOwnershipFetcher(env.ALLOW_PRIVATE_NETWORK_FETCH),
  });
  return { proxy, proxyAdmin, domainOwnership };
}

/** The crawler's guarded fetcher, sized for a verification file. */
export const createOwnershipFetcher = (allowPrivateNetwork: boolean) =>
  createPageFetcher({ ...DEFAULT_FETCHER_OPTIONS, maxBytes: 64 * 1024, allowPrivateNetwork });
