import { and, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { otps, type Database } from '@bhasha/db';

export type OtpRow = typeof otps.$inferSelect;
export type NewOtpRow = typeof otps.$inferInsert;
export type OtpChannel = 'sms' | 'email';

/** Queries of one-time passwords; the rows double as send counters. */
export function createOtpsRepository(db: Database) {
  return {
    /** Serialises sends to one destination until the surrounding transaction ends. */
    async lockDestination(channel: OtpChannel, destination: string): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`otp:${channel}:${destination}`}))`);
    },

    async insert(values: NewOtpRow): Promise<OtpRow> {
      const [row] = await db.insert(otps).values(values).returning();
      if (!row) throw new Error('insert into otps returned no row');
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(otps).where(eq(otps.id, id));
    },

    async lastSentAt(channel: OtpChannel, destination: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: otps.createdAt })
        .from(otps)
        .where(and(eq(otps.channel, channel), eq(otps.destination, destination)))
        .orderBy(desc(otps.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    /** Sends to one destination since a time, and the oldest of them (when the window frees up). */
    async sendsToSince(
      channel: OtpChannel,
      destination: string,
      since: Date,
    ): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${otps.createdAt})` })
        .from(otps)
        .where(and(eq(otps.channel, channel), eq(otps.destination, destination), gte(otps.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async sendsFromIpSince(ip: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${otps.createdAt})` })
        .from(otps)
        .where(and(eq(otps.ip, ip), gte(otps.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    /** Ends the OTPs still open for a registration (SMS) or an address (e-mail): only the newest counts. */
    async invalidateOpen(
      filter: { registrationId: string } | { channel: OtpChannel; destination: string },
      now: Date,
    ) {
      const scope =
        'registrationId' in filter
          ? eq(otps.registrationId, filter.registrationId)
          : and(eq(otps.channel, filter.channel), eq(otps.destination, filter.destination));
      await db
        .update(otps)
        .set({ invalidatedAt: now })
        .where(and(scope, isNull(otps.consumedAt), isNull(otps.invalidatedAt)));
    },

    async latestForRegistration(registrationId: string, channel: OtpChannel): Promise<OtpRow | undefined> {
      const [row] = await db
        .select()
        .from(otps)
        .where(and(eq(otps.registrationId, registrationId), eq(otps.channel, channel)))
        .orderBy(desc(otps.createdAt))
        .limit(1);
      return row;
    },

    async findByTokenHash(tokenHash: string): Promise<OtpRow | undefined> {
      const [row] = await db.select().from(otps).where(eq(otps.tokenHash, tokenHash)).limit(1);
      return row;
    },

    /**
     * Admits one try of an open OTP, atomically: answers the tries so far including this one,
     * or undefined when the OTP is spent, replaced, expired or out of tries.
     */
    async claimAttempt(id: string, maxAttempts: number, now: Date): Promise<number | undefined> {
      const [row] = await db
        .update(otps)
        .set({ attempts: sql`${otps.attempts} + 1` })
        .where(
          and(
            eq(otps.id, id),
            lt(otps.attempts, maxAttempts),
            isNull(otps.consumedAt),
            isNull(otps.invalidatedAt),
            gt(otps.expiresAt, now),
          ),
        )
        .returning({ attempts: otps.attempts });
      return row?.attempts;
    },

    /** Spends the OTP; answers false when another request spent it first. */
    async consume(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otps)
        .set({ consumedAt: now })
        .where(and(eq(otps.id, id), isNull(otps.consumedAt), isNull(otps.invalidatedAt)))
        .returning({ id: otps.id });
      return rows.length > 0;
    },

    async invalidate(id: string, now: Date): Promise<void> {
      await db
        .update(otps)
        .set({ invalidatedAt: now })
        .where(and(eq(otps.id, id), isNull(otps.invalidatedAt)));
    },
  };
}

export type OtpsRepository = ReturnType<typeof createOtpsRepository>;
