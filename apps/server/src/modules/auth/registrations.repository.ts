import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { registrations, type Database } from '@bhasha/db';

export type RegistrationRow = typeof registrations.$inferSelect;
export type NewRegistrationRow = typeof registrations.$inferInsert;

/** Queries of pending free-trial registrations. */
export function createRegistrationsRepository(db: Database) {
  return {
    async insert(values: NewRegistrationRow): Promise<RegistrationRow> {
      const [row] = await db.insert(registrations).values(values).returning();
      if (!row) throw new Error('insert into registrations returned no row');
      return row;
    },

    async findByCodeHash(codeHash: string): Promise<RegistrationRow | undefined> {
      const [row] = await db
        .select()
        .from(registrations)
        .where(eq(registrations.authenticationCodeHash, codeHash))
        .limit(1);
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(registrations).where(eq(registrations.id, id));
    },

    async markPhoneVerified(id: string, now: Date): Promise<void> {
      await db.update(registrations).set({ phoneVerifiedAt: now }).where(eq(registrations.id, id));
    },

    async markEmailVerified(id: string, now: Date): Promise<void> {
      await db.update(registrations).set({ emailVerifiedAt: now }).where(eq(registrations.id, id));
    },

    /**
     * Claims the registration for onboarding: succeeds once, only while it is unexpired and both
     * OTPs are verified. Concurrent claims serialise on the row; the loser gets undefined.
     */
    async claimCompletion(id: string, now: Date): Promise<RegistrationRow | undefined> {
      const [row] = await db
        .update(registrations)
        .set({ completedAt: now })
        .where(
          and(
            eq(registrations.id, id),
            isNull(registrations.completedAt),
            isNotNull(registrations.phoneVerifiedAt),
            isNotNull(registrations.emailVerifiedAt),
            gt(registrations.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async linkCompletion(
      id: string,
      links: { organisationId: string; userId: string; projectId: string },
    ): Promise<void> {
      await db.update(registrations).set(links).where(eq(registrations.id, id));
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
