import type { NmtEngine } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';

export interface MtEngineChoices {
  engines: NmtEngine[];
  projectEngine: string | null;
  organisationEngine: string | null;
  effectiveEngine: string | null;
}

/** Where a default engine is chosen: an organisation (its admins) or one project (its managers). */
export type MtEngineScope =
  { kind: 'organisation'; organisationId: string } | { kind: 'project'; projectId: string };

export const mtEngineApi = {
  choices: (scope: MtEngineScope) =>
    apiClient.call<MtEngineChoices>('translation/nmt/engines', {
      body: scope.kind === 'project' ? { projectId: scope.projectId } : {},
    }),
  /** Saves the scope's default engine; null falls back to the next level (organisation, then server). */
  save: (scope: MtEngineScope, nmtService: string | null) =>
    scope.kind === 'project'
      ? apiClient.call<object>('translation/nmt/engine/set', {
          body: { projectId: scope.projectId, nmtService },
        })
      : apiClient.call<object>('translation/nmt/engine/organisation/set', {
          body: { organisationId: scope.organisationId, nmtService },
        }),
};
