import { eq } from 'drizzle-orm';
import { organisations, type Database } from '@bhasha/db';

export type OrganisationRow = typeof organisations.$inferSelect;
export type NewOrganisationRow = typeof organisations.$inferInsert;

/** Organisation queries. */
export function createOrganisationsRepository(db: Database) {
  return {
    async insert(values: NewOrganisationRow): Promise<OrganisationRow> {
      const [row] = await db.insert(organisations).values(values).returning();
      if (!row) throw new Error('insert into organisations returned no row');
      return row;
    },

    async findById(id: string): Promise<OrganisationRow | undefined> {
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
      return row;
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
