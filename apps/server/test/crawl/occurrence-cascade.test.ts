import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations, pages, pageSegments, projects, segments, type DbHandle } from '@bhasha/db';
import { createTestDb } from '../support/test-db';

// page_segments has no foreign keys to projects and organisations (ADR 0013, ADR 0025): deleting
// either must still remove every page's row of occurrences, through the page.
describe('a page’s occurrences follow the page when a tenant is deleted', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  async function seed(name: string) {
    const db = handle.db;
    const [organisation] = await db.insert(organisations).values({ name }).returning();
    const [project] = await db
      .insert(projects)
      .values({
        organisationId: organisation!.id,
        name,
        baseUrl: 'https://example.org/',
        targetLanguages: ['hi'],
      })
      .returning();
    const ids = { organisationId: organisation!.id, projectId: project!.id };
    const [page] = await db
      .insert(pages)
      .values({
        ...ids,
        url: 'https://example.org/',
        normalisedUrl: 'https://example.org/',
        hostname: 'example.org',
      })
      .returning();
    const [segment] = await db
      .insert(segments)
      .values({ ...ids, sourceHash: `h-${name}`, text: 'Hello', kind: 'text', wordCount: 1 })
      .returning();
    await db
      .insert(pageSegments)
      .values({ ...ids, pageId: page!.id, segmentIds: [segment!.id], occurrences: [1] });
    return ids;
  }

  const countFor = async (projectId: string) =>
    (await handle.db.select().from(pageSegments).where(eq(pageSegments.projectId, projectId))).length;

  it('removes occurrences with the project, and with the organisation, leaving others alone', async () => {
    const kept = await seed('Kept');
    const byProject = await seed('By project');
    const byOrganisation = await seed('By organisation');
    expect(await countFor(byProject.projectId)).toBe(1);

    await handle.db.delete(projects).where(eq(projects.id, byProject.projectId));
    await handle.db.delete(organisations).where(eq(organisations.id, byOrganisation.organisationId));

    expect(await countFor(byProject.projectId)).toBe(0);
    expect(await countFor(byOrganisation.projectId)).toBe(0);
    expect(await countFor(kept.projectId)).toBe(1);
  });
});
