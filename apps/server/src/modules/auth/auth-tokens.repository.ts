import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { authTokens, type Database } from '@bhasha/db';

/** What an e-mailed link is for. */
export const AUTH_TOKEN_PURPOSES = {
  emailVerification: 'emailVerification',
  passwordReset: 'passwordReset',
} as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[keyof typeof AUTH_TOKEN_PURPOSES];

/** Queries of the single-use e-mailed tokens (stored as SHA-256 only). */
export function createAuthTokensRepository(db: Database) {
  return {
    async insert(values: {
      userId: string;
      purpose: AuthTokenPurpose;
      tokenHash: string;
      expiresAt: Date;
      createdAt: Date;
    }) {
      await db.insert(authTokens).values(values);
    },

    /**
     * Spends a token: marks it used when it exists, has this purpose, is unused and unexpired.
     * Atomic, so a link works exactly once even when opened twice at the same moment.
     */
    async consume(
      tokenHash: string,
      purpose: AuthTokenPurpose,
      now: Date,
    ): Promise<{ userId: string } | undefined> {
      const [row] = await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(authTokens.tokenHash, tokenHash),
            eq(authTokens.purpose, purpose),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, now),
          ),
        )
        .returning({ userId: authTokens.userId });
      return row;
    },

    /** Spends every unused token of the user for this purpose (a newer one was used). */
    async revokeUnused(userId: string, purpose: AuthTokenPurpose, now: Date): Promise<void> {
      await db
        .update(authTokens)
        .set({ usedAt: now })
        .where(
          and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)),
        );
    },

    /** When the newest token of this purpose was created for the user. */
    async lastCreatedAt(userId: string, purpose: AuthTokenPurpose): Promise<Date | undefined> {
      const [row] = await db
        .select({ createdAt: authTokens.createdAt })
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)))
        .orderBy(desc(authTokens.createdAt))
        .limit(1);
      return row?.createdAt;
    },
  };
}

export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>;
