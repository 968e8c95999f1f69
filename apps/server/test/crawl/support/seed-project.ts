import { crawls, organisations, pages, projects, type Database } from '@bhasha/db';

type CrawlRow = typeof crawls.$inferSelect;

/** An organisation with one website project, straight in the database, for repository tests. */
export async function seedWebsiteProject(
  db: Database,
  project: { name: string; baseUrl: string; targetLanguages?: string[] },
): Promise<{ organisationId: string; projectId: string }> {
  const [organisation] = await db
    .insert(organisations)
    .values({ name: `${project.name} Org` })
    .returning();
  const [row] = await db
    .insert(projects)
    .values({
      organisationId: organisation!.id,
      name: project.name,
      baseUrl: project.baseUrl,
      targetLanguages: project.targetLanguages ?? ['hi'],
    })
    .returning();
  return { organisationId: organisation!.id, projectId: row!.id };
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
