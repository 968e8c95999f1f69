import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  projectBaseHostSql,
  projectCollaborators,
  projectDomains,
  projects,
  type Database,
} from '@bhasha/db';
import type { ProjectCreationStatus, ProjectType } from '@bhasha/contract';
import type { ProjectScope } from './projects.policy';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type ProjectDomainRow = typeof projectDomains.$inferSelect;

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The WHERE condition that keeps a query inside the caller's project scope. */
export function projectScopeCondition(scope: ProjectScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'organisation':
      return eq(projects.organisationId, scope.organisationId);
    case 'assigned':
      return and(
        eq(projects.organisationId, scope.organisationId),
        exists(
          sql`(select 1 from ${projectCollaborators} where ${projectCollaborators.projectId} = ${projects.id} and ${projectCollaborators.userId} = ${scope.userId})`,
        ),
      );
  }
}

export interface ProjectListFilter {
  pageNumber: number;
  pageSize: number;
  searchText?: string;
  type?: ProjectType;
  status?: ProjectCreationStatus;
}

/** `projectScopeCondition` with placeholders (`organisationId`, `userId`), for prepared statements. */
function preparedScopeCondition(kind: ProjectScope['kind']): SQL | undefined {
  if (kind === 'all') return undefined;
  const inOrganisation = eq(projects.organisationId, sql.placeholder('organisationId'));
  if (kind === 'organisation') return inOrganisation;
  return and(
    inOrganisation,
    exists(
      sql`(select 1 from ${projectCollaborators} where ${projectCollaborators.projectId} = ${projects.id} and ${projectCollaborators.userId} = ${sql.placeholder('userId')})`,
    ),
  );
}

/** The placeholder values of a scope. */
function scopeParams(scope: ProjectScope) {
  return {
    organisationId: scope.kind === 'all' ? undefined : scope.organisationId,
    userId: scope.kind === 'assigned' ? scope.userId : undefined,
  };
}

/**
 * `findVisible` as a named prepared statement for a kind of scope: every project-scoped call
 * starts with it, and building the query each time was a visible share of their CPU under load
 * (ADR 0039).
 */
function prepareFindVisible(db: Database, kind: ProjectScope['kind']) {
  return db
    .select()
    .from(projects)
    .where(
      and(eq(projects.id, sql.placeholder('id')), isNull(projects.deletingAt), preparedScopeCondition(kind)),
    )
    .limit(1)
    .prepare(`projects_visible_${kind}`);
}

/** Which optional conditions a project list has: the key of its prepared statement. */
interface ProjectListShape {
  scope: ProjectScope['kind'];
  type: boolean;
  status: boolean;
  search: boolean;
}

/**
 * One page of projects with their domains and the total, one statement: the page's ids and the
 * total (`count(*) over ()`) in a CTE, then the rows and their domains. Prepared per shape.
 */
function prepareProjectList(db: Database, shape: ProjectListShape) {
  const search = sql.placeholder('search');
  const page = db.$with('project_page').as(
    db
      .select({ id: projects.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
      .from(projects)
      .where(
        and(
          isNull(projects.deletingAt),
          preparedScopeCondition(shape.scope),
          shape.type ? eq(projects.type, sql.placeholder('type')) : undefined,
          shape.status ? eq(projects.status, sql.placeholder('status')) : undefined,
          shape.search ? or(ilike(projects.name, search), ilike(projects.baseUrl, search)) : undefined,
        ),
      )
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  return db
    .with(page)
    .select({ project: projects, total: page.total, domain: projectDomains })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.id))
    .leftJoin(projectDomains, eq(projectDomains.projectId, projects.id))
    .orderBy(
      desc(projects.createdAt),
      desc(projects.id),
      desc(projectDomains.isPrimary),
      asc(projectDomains.createdAt),
    )
    .prepare(
      `projects_list_${shape.scope}${shape.type ? '_type' : ''}${shape.status ? '_status' : ''}${shape.search ? '_search' : ''}`,
    );
}

/** Project queries; every read for a caller goes through its scope. */
export function createProjectsRepository(db: Database) {
  // Prepared statements, built on first use (a repository may live only for a transaction).
  const visible = new Map<ProjectScope['kind'], ReturnType<typeof prepareFindVisible>>();
  const lists = new Map<string, ReturnType<typeof prepareProjectList>>();
  return {
    async insert(values: NewProjectRow): Promise<ProjectRow> {
      const [row] = await db.insert(projects).values(values).returning();
      if (!row) throw new Error('insert into projects returned no row');
      return row;
    },

    async findById(id: string): Promise<ProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
      return row;
    },

    /** A live (not being deleted) project inside the scope. */
    async findVisible(scope: ProjectScope, id: string): Promise<ProjectRow | undefined> {
      let prepared = visible.get(scope.kind);
      if (!prepared) visible.set(scope.kind, (prepared = prepareFindVisible(db, scope.kind)));
      const [row] = await prepared.execute({ id, ...scopeParams(scope) });
      return row;
    },

    /** Whether any organisation has a project for this website host (lower-case, no `www.`). */
    async existsForHost(host: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(sql`${projectBaseHostSql(projects.baseUrl)} = ${host.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },

    /** The caller's project for a website host (base URL or any of its domains). */
    async findVisibleByHost(scope: ProjectScope, host: string): Promise<ProjectRow | undefined> {
      const bare = host.toLowerCase().replace(/^www\./, '');
      const [row] = await db
        .select()
        .from(projects)
        .where(
          and(
            isNull(projects.deletingAt),
            projectScopeCondition(scope),
            or(
              sql`${projectBaseHostSql(projects.baseUrl)} = ${bare}`,
              exists(
                sql`(select 1 from ${projectDomains} where ${projectDomains.projectId} = ${projects.id} and ${projectDomains.hostname} in (${bare}, ${`www.${bare}`}))`,
              ),
            ),
          ),
        )
        .orderBy(asc(projects.createdAt))
        .limit(1);
      return row;
    },

    async findFirstVisible(scope: ProjectScope): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projects)
        .where(and(isNull(projects.deletingAt), projectScopeCondition(scope)))
        .orderBy(asc(projects.createdAt))
        .limit(1);
      return row;
    },

    /** One page of the projects in scope with their domains and the total (prepareProjectList). */
    async list(
      scope: ProjectScope,
      filter: ProjectListFilter,
    ): Promise<{ rows: ProjectRow[]; domains: ProjectDomainRow[]; total: number }> {
      const search = filter.searchText ? containsPattern(filter.searchText) : undefined;
      const shape: ProjectListShape = {
        scope: scope.kind,
        type: Boolean(filter.type),
        status: Boolean(filter.status),
        search: search !== undefined,
      };
      const key = JSON.stringify(shape);
      let prepared = lists.get(key);
      if (!prepared) lists.set(key, (prepared = prepareProjectList(db, shape)));
      const joined = await prepared.execute({
        ...scopeParams(scope),
        type: filter.type,
        status: filter.status,
        search,
        limit: filter.pageSize,
        offset: (filter.pageNumber - 1) * filter.pageSize,
      });
      if (joined.length > 0) {
        const rows: ProjectRow[] = [];
        const domains: ProjectDomainRow[] = [];
        for (const row of joined) {
          if (rows[rows.length - 1]?.id !== row.project.id) rows.push(row.project);
          if (row.domain) domains.push(row.domain);
        }
        return { rows, domains, total: joined[0]!.total };
      }
      // A page past the end has no row to carry the total.
      if (filter.pageNumber === 1) return { rows: [], domains: [], total: 0 };
      const where = and(
        isNull(projects.deletingAt),
        projectScopeCondition(scope),
        filter.type ? eq(projects.type, filter.type) : undefined,
        filter.status ? eq(projects.status, filter.status) : undefined,
        search ? or(ilike(projects.name, search), ilike(projects.baseUrl, search)) : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(projects).where(where);
      return { rows: [], domains: [], total: totals?.total ?? 0 };
    },

    async countWebsiteProjects(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(projects)
        .where(
          and(
            eq(projects.organisationId, organisationId),
            eq(projects.type, 'website'),
            isNull(projects.deletingAt),
          ),
        );
      return row?.total ?? 0;
    },

    async update(id: string, patch: Partial<NewProjectRow>, now: Date): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ ...patch, updatedAt: now })
        .where(and(eq(projects.id, id), isNull(projects.deletingAt)))
        .returning();
      return row;
    },

    /** Moves the status only when the current one is among `from` (the machine's guard, race-free). */
    async transitionStatus(
      id: string,
      from: readonly ProjectCreationStatus[],
      to: ProjectCreationStatus,
      now: Date,
      extra: Partial<NewProjectRow> = {},
    ): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ ...extra, status: to, updatedAt: now })
        .where(and(eq(projects.id, id), inArray(projects.status, [...from])))
        .returning();
      return row;
    },

    async markDeleting(id: string, keepTm: boolean, now: Date): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ deletingAt: now, keepTm, updatedAt: now })
        .where(and(eq(projects.id, id), isNull(projects.deletingAt)))
        .returning();
      return row;
    },

    /** Marks a word recount as queued (GET project/wordcount answers `updating` until it is cleared). */
    async markRecount(id: string, since: Date): Promise<void> {
      await db.update(projects).set({ wordCountRecountSince: since }).where(eq(projects.id, id));
    },

    /**
     * Clears the recount mark if it is not newer than `since` (the mark the recount started under):
     * a recount asked for while this one ran keeps its mark until its own job clears it.
     */
    async clearRecount(id: string, since: Date): Promise<void> {
      await db
        .update(projects)
        .set({ wordCountRecountSince: null })
        .where(and(eq(projects.id, id), lte(projects.wordCountRecountSince, since)));
    },

    /** Takes a deletion mark back (its delete job could not be queued). */
    async unmarkDeleting(id: string): Promise<void> {
      await db
        .update(projects)
        .set({ deletingAt: null })
        .where(and(eq(projects.id, id), sql`${projects.deletingAt} is not null`));
    },

    /** Removes a project marked for deletion with everything that cascades from it. */
    async deleteMarked(id: string): Promise<boolean> {
      const rows = await db
        .delete(projects)
        .where(and(eq(projects.id, id), sql`${projects.deletingAt} is not null`))
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    async listDomains(projectIds: readonly string[]): Promise<ProjectDomainRow[]> {
      if (projectIds.length === 0) return [];
      return db
        .select()
        .from(projectDomains)
        .where(inArray(projectDomains.projectId, [...projectIds]))
        .orderBy(desc(projectDomains.isPrimary), asc(projectDomains.createdAt));
    },

    /** Adds a domain; answers undefined when the project already has this host. */
    async insertDomain(values: typeof projectDomains.$inferInsert): Promise<ProjectDomainRow | undefined> {
      const [row] = await db.insert(projectDomains).values(values).onConflictDoNothing().returning();
      return row;
    },

    async deleteDomain(projectId: string, domainId: string): Promise<boolean> {
      const rows = await db
        .delete(projectDomains)
        .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.id, domainId)))
        .returning({ id: projectDomains.id });
      return rows.length > 0;
    },

    async assignCollaborator(projectId: string, userId: string, organisationId: string): Promise<void> {
      await db
        .insert(projectCollaborators)
        .values({ projectId, userId, organisationId })
        .onConflictDoNothing();
    },

    /** The project row locked until the transaction ends (two requests at once act one after the other). */
    async findForUpdate(id: string): Promise<ProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).for('update');
      return row;
    },

    /** The project's active domains (a crawl's origins). */
    async listActiveDomains(projectId: string): Promise<{ hostname: string; origin: string }[]> {
      return db
        .select({ hostname: projectDomains.hostname, origin: projectDomains.origin })
        .from(projectDomains)
        .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.active, true)));
    },

    /** The URL a crawl processed last (shown until the next one). */
    async setLastProcessedUrl(id: string, url: string): Promise<void> {
      await db.update(projects).set({ lastProcessedUrl: url }).where(eq(projects.id, id));
    },

    /**
     * Sets (or with null clears) the project's default machine translation engine. One key of the
     * settings document changes; concurrent edits of other keys are kept.
     */
    async setMtEngine(id: string, engineId: string | null): Promise<void> {
      const settings =
        engineId === null
          ? sql`${projects.settings} - 'mtEngine'`
          : sql`${projects.settings} || jsonb_build_object('mtEngine', ${engineId}::text)`;
      await db.update(projects).set({ settings }).where(eq(projects.id, id));
    },

    /** Records what a script check found on a domain (one jsonb update: other settings are kept). */
    async saveDomainVerification(
      projectId: string,
      hostname: string,
      level: number,
      now: Date,
    ): Promise<void> {
      const entry = JSON.stringify({ level, checkedAt: now.toISOString() });
      await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, '{domainVerifications}', coalesce(${projects.settings} -> 'domainVerifications', '{}'::jsonb) || jsonb_build_object(${hostname}::text, ${entry}::jsonb))`,
        })
        .where(eq(projects.id, projectId));
    },

    /** The settings document of a live (not being deleted) project. */
    async findLiveSettings(id: string): Promise<ProjectRow['settings'] | undefined> {
      const [row] = await db
        .select({ settings: projects.settings })
        .from(projects)
        .where(and(eq(projects.id, id), isNull(projects.deletingAt)))
        .limit(1);
      return row?.settings;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
