import { z } from 'zod';
import { MAX_PROJECT_ORIGINS, projectIdSchema } from './projects';

/*
 * Collaborator assignment of spec §7 "Multi-domain": /domains/assignColloborator,
 * /domains/getCollaboratorAssignedList, /domains/onMultiDomainColloboratorDelete (the paths keep
 * the spec's spelling). A collaborator sees only the projects assigned to it; within a
 * multi-domain project the assignment names every domain or some of them.
 */

export const COLLABORATOR_MESSAGES = {
  assigned: 'Collaborator assigned successfully',
  removed: 'Collaborator removed successfully',
  userIdInvalid: 'Please select a collaborator',
  domainIdInvalid: 'Please select a valid domain',
  notACollaborator: 'Only collaborators can be assigned to projects',
  collaboratorInactive: 'An inactive collaborator cannot be assigned',
  domainNotInProject: 'This domain is not part of the project',
  notAssigned: 'This collaborator is not assigned to the project',
  notAssignedToDomain: 'This collaborator is not assigned to this domain',
} as const;

const userIdSchema = z.uuid({ error: COLLABORATOR_MESSAGES.userIdInvalid });
const domainIdSchema = z.uuid({ error: COLLABORATOR_MESSAGES.domainIdInvalid });

/** POST /api/domains/assignColloborator: every domain (no domainIds), or the listed ones. */
export const assignCollaboratorRequestSchema = z.object({
  projectId: projectIdSchema,
  userId: userIdSchema,
  /** Omitted or empty: every domain of the project, including domains added later. */
  domainIds: z
    .array(domainIdSchema)
    .max(MAX_PROJECT_ORIGINS)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type AssignCollaboratorRequest = z.input<typeof assignCollaboratorRequestSchema>;

/** POST /api/domains/getCollaboratorAssignedList. */
export const collaboratorAssignedListRequestSchema = z.object({ projectId: projectIdSchema });

/** POST /api/domains/onMultiDomainColloboratorDelete: one domain, or the whole project. */
export const removeCollaboratorRequestSchema = z.object({
  projectId: projectIdSchema,
  userId: userIdSchema,
  /** Given: remove the collaborator from this domain only (the last one removes the assignment). */
  domainId: domainIdSchema.optional(),
});
export type RemoveCollaboratorRequest = z.input<typeof removeCollaboratorRequestSchema>;

export const assignedDomainSchema = z.object({ id: z.string(), hostname: z.string() });

/** One collaborator's assignment to a project. */
export const collaboratorAssignmentSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  projectId: z.string(),
  /** True: every domain of the project; false: only `domains`. */
  allDomains: z.boolean(),
  domains: z.array(assignedDomainSchema),
  assignedAt: z.string(),
});
export type CollaboratorAssignment = z.infer<typeof collaboratorAssignmentSchema>;

export const collaboratorAssignmentResponseSchema = z.object({ assignment: collaboratorAssignmentSchema });
export const collaboratorAssignedListResponseSchema = z.object({
  collaborators: z.array(collaboratorAssignmentSchema),
  total: z.number().int(),
});
export type CollaboratorAssignedList = z.infer<typeof collaboratorAssignedListResponseSchema>;
/** After a removal: the assignment left (null when the collaborator no longer works on the project). */
export const removeCollaboratorResponseSchema = z.object({
  projectId: z.string(),
  userId: z.string(),
  assignment: collaboratorAssignmentSchema.nullable(),
});
