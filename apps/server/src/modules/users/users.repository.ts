import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { users, type Database } from '@bhasha/db';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The lock state after a sign-in attempt was admitted. */
export interface LoginAttemptClaim {
  /** Consecutive failures counting this attempt (it is reset when the password is right). */
  failedAttempts: number;
  lockedUntil: Date | null;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** All user queries. Callers outside this module go through the users service. */
export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    async countByRole(role: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.role, role));
      return row?.count ?? 0;
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /**
     * Admits one password check, atomically: counts it as a failure in advance and locks the
     * account when it is the limit-th, unless the account is locked now. Concurrent attempts
     * serialise on the row, so no more than `limit` checks get in per lock period. An expired
     * lock starts a new count. Answers undefined when the account is locked.
     */
    async claimLoginAttempt(id: string, now: Date, lockUntil: Date, limit: number): Promise<LoginAttemptClaim | undefined> {
      const nextCount = sql`(CASE WHEN ${users.lockedUntil} <= ${iso(now)} THEN 1 ELSE ${users.failedAttempts} + 1 END)`;
      const [row] = await db
        .update(users)
        .set({
          failedAttempts: nextCount,
          lockedUntil: sql`(CASE WHEN ${nextCount} >= ${limit} THEN ${iso(lockUntil)} ELSE NULL END)`,
        })
        .where(
          and(
            eq(users.id, id),
            or(and(isNull(users.lockedUntil), lt(users.failedAttempts, limit)), lte(users.lockedUntil, now)),
          ),
        )
        .returning({ failedAttempts: users.failedAttempts, lockedUntil: users.lockedUntil });
      return row;
    },

    /** The password was right: the failure count starts again. */
    async clearLoginFailures(id: string): Promise<void> {
      await db.update(users).set({ failedAttempts: 0, lockedUntil: null }).where(eq(users.id, id));
    },

    /**
     * Sets a password chosen through a reset link: revokes every older token, clears the lock,
     * and marks the e-mail id verified (the link proved the mailbox).
     */
    async setPasswordFromReset(id: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          failedAttempts: 0,
          lockedUntil: null,
          emailVerified: true,
          updatedAt: now,
        })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** Revokes every token issued to the user so far. */
    async bumpTokenVersion(id: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async markEmailVerified(id: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async markContractAgreed(id: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ contractAgreed: true, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
