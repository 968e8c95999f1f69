import type {
  CrawlInfo,
  CreateMultiOriginProjectRequest,
  CreateProjectRequest,
  Project,
  ProjectDomain,
  ProjectListRequest,
  WordCounts,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

export interface ProjectStats extends WordCounts {
  projectId: string;
  totalUrls: number;
  inScopeUrls: number;
  crawledUrls: number;
  failedUrls: number;
  trackedUrls: number;
  segmentCount: number;
  newSegmentCount: number;
  languages: Array<{ language: string; sourceWordCount: number; translatedWordCount: number }>;
}

/** The calls of spec §7 "Projects" the dashboard uses; failures reject (the client shows the toast). */
export const projectsApi = {
  list: (body: ProjectListRequest) =>
    apiClient.call<{ projectList: Project[]; totalProjects: number }>('project', { body }),
  details: (projectId: string, signal?: AbortSignal) =>
    apiClient
      .call<{ project: Project }>('project/details', { body: { projectId }, signal })
      .then((d) => d.project),
  create: (body: CreateProjectRequest) =>
    apiClient.call<{ project: Project }>('project/new', { body }).then((d) => d.project),
  createMultiOrigin: (body: CreateMultiOriginProjectRequest) =>
    apiClient.call<{ project: Project }>('project/new/multiOrigin', { body }).then((d) => d.project),
  remove: (projectId: string, keepTm: boolean) =>
    apiClient.call<unknown>('project/delete', { body: { projectId, keepTm } }),
  stats: (projectId: string, signal?: AbortSignal) =>
    apiClient
      .call<{ stat: ProjectStats }>('project/stats', { body: { projectId }, signal })
      .then((d) => d.stat),
  crawl: (projectId: string, initUrl?: string) =>
    apiClient.call<{ crawlId: string }>('project/crawl', {
      body: { projectId, ...(initUrl ? { initUrl } : {}) },
    }),
  lastCrawl: (projectId: string, signal?: AbortSignal) =>
    apiClient.call<CrawlInfo>('scope/crawl/last', { body: { projectId }, signal }),
  /** Silent: a failure's `status` field is the text to show (spec §8), next to the form. */
  addDomain: (projectId: string, url: string) =>
    apiClient.call<{ status: string; domains: ProjectDomain[] }>('project/addNewDomain', {
      body: { projectId, url },
      silent: true,
    }),
  deleteDomain: (projectId: string, domainId: string) =>
    apiClient.call<{ status: string; domains: ProjectDomain[] }>('project/deleteDomain', {
      body: { projectId, domainId },
      silent: true,
    }),
};
