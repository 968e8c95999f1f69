import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  projectCollaboratorDomains,
  projectCollaborators,
  projectDomains,
  users,
  type Database,
} from '@bhasha/db';
import type { TenantScope } from '../organisations/tenant-scope';

/** A collaborator's assignment with what the list shows of the user and the domains. */
export interface AssignmentRow {
  projectId: string;
  userId: string;
  name: string;
  email: string;
  status: string;
  allDomains: boolean;
  domains: { id: string; hostname: string }[];
  createdAt: Date;
}

export interface CandidateUser {
  id: string;
  role: string;
  status: string;
  organisationId: string | null;
}

/** The condition keeping rows of `column` inside the scope; `false` for a scope of nothing. */
function inScope(scope: TenantScope, column: PgColumn): SQL | undefined {
  switch (scope.kind) {
    case 'platform':
      return undefined;
    case 'organisation':
      return eq(column, scope.organisationId);
    case 'none':
      return eq(column, '00000000-0000-0000-0000-000000000000');
  }
}

/** Queries of project and domain assignments; every read and write stays inside the caller's scope. */
export function createCollaboratorsRepository(db: Database) {
  async function listAssignments(
    scope: TenantScope,
    projectId: string,
    onlyUserId?: string,
  ): Promise<AssignmentRow[]> {
    const rows = await db
      .select({
        projectId: projectCollaborators.projectId,
        userId: projectCollaborators.userId,
        name: users.name,
        email: users.email,
        status: users.status,
        allDomains: projectCollaborators.allDomains,
        createdAt: projectCollaborators.createdAt,
      })
      .from(projectCollaborators)
      .innerJoin(users, eq(users.id, projectCollaborators.userId))
      .where(
        and(
          eq(projectCollaborators.projectId, projectId),
          onlyUserId ? eq(projectCollaborators.userId, onlyUserId) : undefined,
          inScope(scope, projectCollaborators.organisationId),
        ),
      )
      .orderBy(asc(users.name), asc(users.email));
    if (rows.length === 0) return [];
    const domainRows = await db
      .select({
        userId: projectCollaboratorDomains.userId,
        id: projectDomains.id,
        hostname: projectDomains.hostname,
      })
      .from(projectCollaboratorDomains)
      .innerJoin(projectDomains, eq(projectDomains.id, projectCollaboratorDomains.domainId))
      .where(
        and(
          eq(projectCollaboratorDomains.projectId, projectId),
          inArray(
            projectCollaboratorDomains.userId,
            rows.map((r) => r.userId),
          ),
        ),
      )
      .orderBy(asc(projectDomains.hostname));
    return rows.map((row) => ({
      ...row,
      domains: domainRows
        .filter((d) => d.userId === row.userId)
        .map((d) => ({ id: d.id, hostname: d.hostname })),
    }));
  }

  return {
    listAssignments,

    async findAssignment(
      scope: TenantScope,
      projectId: string,
      userId: string,
    ): Promise<AssignmentRow | undefined> {
      const [row] = await listAssignments(scope, projectId, userId);
      return row;
    },

    /** A user of the scope who might be assigned (role and status are checked by the service). */
    async findUser(scope: TenantScope, userId: string): Promise<CandidateUser | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          status: users.status,
          organisationId: users.organisationId,
        })
        .from(users)
        .where(and(eq(users.id, userId), inScope(scope, users.organisationId)))
        .limit(1);
      return row;
    },

    /** The ids of the project's domains (to check that named domains belong to it). */
    async listDomainIds(projectId: string): Promise<string[]> {
      const rows = await db
        .select({ id: projectDomains.id })
        .from(projectDomains)
        .where(eq(projectDomains.projectId, projectId))
        .orderBy(asc(projectDomains.createdAt));
      return rows.map((r) => r.id);
    },

    /**
     * Sets a collaborator's assignment: every domain (`domainIds` null) or exactly the listed
     * ones. One transaction, so the list never shows half an assignment.
     */
    async saveAssignment(values: {
      organisationId: string;
      projectId: string;
      userId: string;
      domainIds: readonly string[] | null;
    }): Promise<void> {
      const { organisationId, projectId, userId, domainIds } = values;
      await db.transaction(async (tx) => {
        await tx
          .insert(projectCollaborators)
          .values({ projectId, userId, organisationId, allDomains: domainIds === null })
          .onConflictDoUpdate({
            target: [projectCollaborators.projectId, projectCollaborators.userId],
            set: { allDomains: domainIds === null },
          });
        await tx
          .delete(projectCollaboratorDomains)
          .where(
            and(
              eq(projectCollaboratorDomains.projectId, projectId),
              eq(projectCollaboratorDomains.userId, userId),
            ),
          );
        if (domainIds && domainIds.length > 0) {
          await tx
            .insert(projectCollaboratorDomains)
            .values(domainIds.map((domainId) => ({ projectId, userId, domainId, organisationId })));
        }
      });
    },

    /** Removes the whole assignment (its domain rows cascade). */
    async deleteAssignment(scope: TenantScope, projectId: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(projectCollaborators)
        .where(
          and(
            eq(projectCollaborators.projectId, projectId),
            eq(projectCollaborators.userId, userId),
            inScope(scope, projectCollaborators.organisationId),
          ),
        )
        .returning({ userId: projectCollaborators.userId });
      return rows.length > 0;
    },
  };
}

export type CollaboratorsRepository = ReturnType<typeof createCollaboratorsRepository>;
