import { apiClient } from '../../../lib/api/api-instance';

/** The dashboard's snippet calls of spec §7 "Projects". */
export const integrationApi = {
  clearCache: (projectId: string) =>
    apiClient.request<null>('snippet/cache/clear', { method: 'GET', query: { projectId } }),
};
