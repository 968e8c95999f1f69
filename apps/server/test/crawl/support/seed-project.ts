import { sql } from 'drizzle-orm';
import { crawls, pages, type Database } from '@bhasha/db';

type CrawlRow = typeof crawls.$inferSelect;

/**
 * An organisation with one website project, straight in the database, for repository tests. Plain
 * SQL naming only the columns it sets: drizzle's insert names every column of today's schema, and
 * migration tests seed a database migrated only up to an older one.
 */
export async function seedWebsiteProject(
  db: Database,
  project: { name: string; baseUrl: string; targetLanguages?: string[] },
): Promise<{ organisationId: string; projectId: string }> {
  const idOf = (result: unknown) => String((result as { rows: Array<{ id: string }> }).rows[0]!.id);
  const organisationId = idOf(
    await db.execute(sql`insert into organisations (name) values (${`${project.name} Org`}) returning id`),
  );
  const projectId = idOf(
    await db.execute(
      sql`insert into projects (organisation_id, name, base_url, target_languages)
          values (${organisationId}, ${project.name}, ${project.baseUrl},
                  ${`{${(project.targetLanguages ?? ['hi']).join(',')}}`}::text[])
          returning id`,
    ),
  );
  return { organisationId, projectId };
}

/** One root page per host (`https://<host>.example.org/`) in the project; their ids in order. */
export async function seedHostPages(
  db: Database,
  ids: { organisationId: string; projectId: string },
  hosts: readonly string[],
): Promise<string[]> {
  const rows = await db
    .insert(pages)
    .values(
      hosts.map((host) => ({
        ...ids,
        url: `https://${host}.example.org/`,
        normalisedUrl: `https://${host}.example.org/`,
        hostname: `${host}.example.org`,
      })),
    )
    .returning({ id: pages.id });
  return rows.map((row) => row.id);
}

/** A website project on https://example.org/ with two crawls of it, oldest first (queue tests). */
export async function seedProjectWithTwoCrawls(
  db: Database,
  name: string,
): Promise<{ ids: { organisationId: string; projectId: string }; first: CrawlRow; second: CrawlRow }> {
  const ids = await seedWebsiteProject(db, { name, baseUrl: 'https://example.org/' });
  const [first, second] = await db
    .insert(crawls)
    .values([
      { ...ids, initUrl: 'https://example.org/' },
      { ...ids, initUrl: 'https://example.org/' },
    ])
    .returning();
  return { ids, first: first!, second: second! };
}
