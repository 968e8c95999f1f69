import { and, eq } from 'drizzle-orm';
import { projectCollaborators, projects, type Database } from '@bhasha/db';
import type { TenantScope } from '../organisations/tenant-scope';

/** The queries behind project/access/verify. */
export function createProjectAccessRepository(db: Database) {
  return {
    /** The project's organisation when it lies in the scope; undefined for a missing or foreign one. */
    async findProjectOrganisation(scope: TenantScope, projectId: string): Promise<string | undefined> {
      if (scope.kind === 'none') return undefined;
      const [row] = await db
        .select({ organisationId: projects.organisationId })
        .from(projects)
        .where(
          and(
            eq(projects.id, projectId),
            scope.kind === 'organisation' ? eq(projects.organisationId, scope.organisationId) : undefined,
          ),
        )
        .limit(1);
      return row?.organisationId;
    },

    async isAssigned(projectId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: projectCollaborators.userId })
        .from(projectCollaborators)
        .where(and(eq(projectCollaborators.projectId, projectId), eq(projectCollaborators.userId, userId)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type ProjectAccessRepository = ReturnType<typeof createProjectAccessRepository>;
