import { foreignKey, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';
import { projectCollaborators, projectDomains } from './projects';

/**
 * The domains of a multi-domain project a collaborator is assigned to (spec §6), when its
 * assignment is not for every domain (`project_collaborators.all_domains` false). Removing the
 * assignment or the domain removes the row.
 */
export const projectCollaboratorDomains = pgTable(
  'project_collaborator_domains',
  {
    projectId: uuid('project_id').notNull(),
    userId: uuid('user_id').notNull(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => projectDomains.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId, t.domainId] }),
    foreignKey({
      columns: [t.projectId, t.userId],
      foreignColumns: [projectCollaborators.projectId, projectCollaborators.userId],
      name: 'project_collaborator_domains_assignment_fk',
    }).onDelete('cascade'),
    index('project_collaborator_domains_domain_idx').on(t.domainId),
  ],
);
