import type { CollaboratorAssignment } from '@bhasha/contract';
import type { AssignmentRow } from './collaborators.repository';

/** What leaves the server about an assignment: the user's name, e-mail and status, never secrets. */
export function presentAssignment(row: AssignmentRow): CollaboratorAssignment {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    status: row.status,
    projectId: row.projectId,
    allDomains: row.allDomains,
    domains: row.allDomains ? [] : row.domains,
    assignedAt: row.createdAt.toISOString(),
  };
}
