import type {
  CreateMultiOriginProjectRequest,
  CreateProjectRequest,
  ProjectListRequest,
  ResponseAt,
} from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

/** Word counts and URL totals of a project (project/stats). */
export type ProjectStats = ResponseAt<'project/stats'>['stat'];

/** The calls of spec §7 "Projects" the dashboard uses; failures reject (the client shows the toast). */
export const projectsApi = {
  list: (body: ProjectListRequest) => apiClient.call('project', { body }),
  details: (projectId: string, signal?: AbortSignal) =>
    apiClient.call('project/details', { body: { projectId }, signal }).then((d) => d.project),
  create: (body: CreateProjectRequest) => apiClient.call('project/new', { body }).then((d) => d.project),
  createMultiOrigin: (body: CreateMultiOriginProjectRequest) =>
    apiClient.call('project/new/multiOrigin', { body }).then((d) => d.project),
  remove: (projectId: string, keepTm: boolean) =>
    apiClient.call('project/delete', { body: { projectId, keepTm } }),
  stats: (projectId: string, signal?: AbortSignal) =>
    apiClient.call('project/stats', { body: { projectId }, signal }).then((d) => d.stat),
  crawl: (projectId: string, initUrl?: string) =>
    apiClient.call('project/crawl', { body: { projectId, ...(initUrl ? { initUrl } : {}) } }),
  lastCrawl: (projectId: string, signal?: AbortSignal) =>
    apiClient.call('scope/crawl/last', { body: { projectId }, signal }),
  /** Silent: a failure's `status` field is the text to show (spec §8), next to the form. */
  addDomain: (projectId: string, url: string) =>
    apiClient.call('project/addNewDomain', { body: { projectId, url }, silent: true }),
  deleteDomain: (projectId: string, domainId: string) =>
    apiClient.call('project/deleteDomain', { body: { projectId, domainId }, silent: true }),
};
