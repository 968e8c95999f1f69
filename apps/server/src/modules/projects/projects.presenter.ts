import type { Project, ProjectCreationStatus, ProjectDomain, ProjectType, ScopeType } from '@bhasha/contract';
import type { ProjectDomainRow, ProjectRow } from './projects.repository';

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export function presentDomain(row: ProjectDomainRow): ProjectDomain {
  return {
    id: row.id,
    hostname: row.hostname,
    origin: row.origin,
    isPrimary: row.isPrimary,
    active: row.active,
  };
}

/** What leaves the server about a project (spec §3 "Project"). */
export function presentProject(row: ProjectRow, domains: readonly ProjectDomainRow[]): Project {
  const own = domains.filter((d) => d.projectId === row.id);
  const hostname = own.find((d) => d.isPrimary)?.hostname ?? hostOf(row.baseUrl);
  return {
    id: row.id,
    projectId: row.id,
    name: row.name,
    type: row.type as ProjectType,
    baseUrl: row.baseUrl,
    hostname,
    domains: own.map(presentDomain),
    otherDomains: own.filter((d) => d.hostname !== hostname).map((d) => d.hostname),
    sourceLanguage: row.sourceLanguage,
    targetLanguages: row.targetLanguages,
    status: row.status as ProjectCreationStatus,
    scopeType: row.scopeType as ScopeType,
    canonical: row.canonical,
    lastProcessedUrl: row.lastProcessedUrl,
    // Delivery caches and translates meta tags unless switched off (proxy.service.ts).
    cache: row.settings.cacheEnabled ?? true,
    meta: row.settings.metaEnabled ?? true,
    flags: row.settings.flags ?? {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
