import { eq, sql } from 'drizzle-orm';
import { projectBaseHostSql, projects, type Database } from '@bhasha/db';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;

/** Project queries (the projects feature adds to these). */
export function createProjectsRepository(db: Database) {
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

    /** Whether any organisation has a project for this website host (lower-case, no `www.`). */
    async existsForHost(host: string): Promise<boolean> {
      const [row] = await db
        .select({ id: projects.id })
        .from(projects)
        .where(sql`${projectBaseHostSql(projects.baseUrl)} = ${host.toLowerCase()}`)
        .limit(1);
      return row !== undefined;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
