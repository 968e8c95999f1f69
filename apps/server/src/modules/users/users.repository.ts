import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Role, UserStatus } from '@bhasha/contract';
import { organisations, users, type Database } from '@bhasha/db';
import type { TenantScope } from '../organisations/tenant-scope';
import { apiKeyVisiblePrefix, hashApiKey } from '../../lib/secrets';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = Omit<typeof users.$inferInsert, 'apikeyHash' | 'apikeyPrefix'> & {
  /** The full key: only its hash and visible prefix are stored. */
  apikey?: string | null;
};

function apikeyColumns(apikey: string | null | undefined) {
  return apikey
    ? { apikeyHash: hashApiKey(apikey), apikeyPrefix: apiKeyVisiblePrefix(apikey) }
    : { apikeyHash: null, apikeyPrefix: null };
}

/** A user row with its organisation's name, as lists show it. */
export type UserWithOrganisation = UserRow & { organisationName: string | null };

/** Filters of a user list. */
export interface UserListQuery {
  search?: string;
  roles: readonly Role[];
  status?: UserStatus;
  organisationId?: string;
  limit: number;
  offset: number;
}

/** What an admin may change on a user. */
export interface UserPatch {
  name?: string;
  phone?: string | null;
  role?: Role;
  nmtEnabled?: boolean;
  email?: string;
  organisationId?: string | null;
}

/** The tenancy condition of a scope; `none` matches nothing. */
function scopeCondition(scope: TenantScope): SQL | undefined {
  if (scope.kind === 'platform') return undefined;
  if (scope.kind === 'none') return sql`false`;
  return eq(users.organisationId, scope.organisationId);
}

/** LIKE wildcards typed by a user are matched literally. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The lock state after a sign-in attempt was admitted. */
export interface LoginAttemptClaim {
  /** Consecutive failures counting this attempt (it is reset when the password is right). */
  failedAttempts: number;
  lockedUntil: Date | null;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * How long a user row read for a token check is reused. Every authenticated request checks its
 * user (revoked token version, deactivation); re-reading the row each time was the largest cost of
 * the list calls under load (bench/README.md "List calls under load"). This process's
 * writes of what the check reads drop the row at once; a write by another process (or by SQL) is
 * seen within this time, as delivery settings are (ADR 0017).
 */
export const SESSION_USER_TTL_MS = 2_000;
const SESSION_USERS_MAX = 10_000;

/**
 * Users read for token checks, shared by every repository of the process (the auth and users
 * services each make one, transactions another): a write through any of them drops the row.
 * Keyed by user id (random UUIDs, so databases of one process do not collide).
 */
const session = {
  rows: new Map<string, { row: UserRow | undefined; until: number }>(),
  /** Counts writes, so a read that overlapped one is not kept. */
  writes: 0,
};

/** Which conditions a user list has (its roles taken as they are): the key of its prepared statement. */
interface UserListShape {
  scope: TenantScope['kind'];
  roles: readonly Role[];
  status: boolean;
  organisationId: boolean;
  search: boolean;
}

/**
 * One page of users with their organisation's name and the total (`count(*) over ()`), one
 * statement, prepared per shape: building it on every call was a visible share of the list's CPU
 * under load (ADR 0039).
 */
function prepareUserList(db: Database, shape: UserListShape) {
  const term = sql.placeholder('term');
  return (
    db
      .select({
        user: users,
        organisationName: organisations.name,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(users)
      .leftJoin(organisations, eq(organisations.id, users.organisationId))
      .where(
        and(
          shape.scope === 'platform'
            ? undefined
            : shape.scope === 'none'
              ? sql`false`
              : eq(users.organisationId, sql.placeholder('scopeOrganisationId')),
          inArray(users.role, [...shape.roles]),
          shape.status ? eq(users.status, sql.placeholder('status')) : undefined,
          shape.organisationId ? eq(users.organisationId, sql.placeholder('organisationId')) : undefined,
          shape.search ? or(ilike(users.name, term), ilike(users.email, term)) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      // A short digest of the shape: statement names stay under PostgreSQL's 63 bytes.
      .prepare(`users_list_${createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 16)}`)
  );
}

/** All user queries. Callers outside this module go through the users service. */
export function createUsersRepository(db: Database) {
  const sessionUsers = session.rows;
  // Prepared on first use (a repository may live only for a transaction).
  const userLists = new Map<string, ReturnType<typeof prepareUserList>>();
  const changed = <T>(id: string, result: T): T => {
    session.writes += 1;
    sessionUsers.delete(id);
    return result;
  };
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** The user a token names, for the token check of a request (see SESSION_USER_TTL_MS). */
    async findForSession(id: string): Promise<UserRow | undefined> {
      const now = performance.now();
      const cached = sessionUsers.get(id);
      if (cached && cached.until > now) return cached.row;
      const before = session.writes;
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      if (sessionUsers.size >= SESSION_USERS_MAX) sessionUsers.clear();
      if (session.writes === before) sessionUsers.set(id, { row, until: now + SESSION_USER_TTL_MS });
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

    async insert({ apikey, ...values }: NewUserRow): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...values, ...apikeyColumns(apikey) })
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },

    /**
     * Admits one password check, atomically: counts it as a failure in advance and locks the
     * account when it is the limit-th, unless the account is locked now. Concurrent attempts
     * serialise on the row, so no more than `limit` checks get in per lock period. An expired
     * lock starts a new count. Answers undefined when the account is locked.
     */
    async claimLoginAttempt(
      id: string,
      now: Date,
      lockUntil: Date,
      limit: number,
    ): Promise<LoginAttemptClaim | undefined> {
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
      return changed(id, row);
    },

    /** Revokes every token issued to the user so far. */
    async bumpTokenVersion(id: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return changed(id, row);
    },

    async markEmailVerified(id: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /** A user inside the scope; another organisation's user is as absent as a missing one. */
    async findInScope(scope: TenantScope, id: string): Promise<UserWithOrganisation | undefined> {
      const [row] = await db
        .select({ user: users, organisationName: organisations.name })
        .from(users)
        .leftJoin(organisations, eq(organisations.id, users.organisationId))
        .where(and(eq(users.id, id), scopeCondition(scope)))
        .limit(1);
      return row ? { ...row.user, organisationName: row.organisationName } : undefined;
    },

    async findByApikey(apikey: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.apikeyHash, hashApiKey(apikey)))
        .limit(1);
      return row;
    },

    /** A page of the scope's users, newest first, and how many match in all. */
    async list(
      scope: TenantScope,
      query: UserListQuery,
    ): Promise<{ rows: UserWithOrganisation[]; total: number }> {
      if (query.roles.length === 0) return { rows: [], total: 0 };
      const term = query.search ? `%${escapeLike(query.search)}%` : undefined;
      // The total rides on the page's rows; only a page past the end, which has no row to carry
      // it, asks for it separately.
      const shape: UserListShape = {
        scope: scope.kind,
        roles: query.roles,
        status: Boolean(query.status),
        organisationId: Boolean(query.organisationId),
        search: term !== undefined,
      };
      const key = JSON.stringify(shape);
      let prepared = userLists.get(key);
      if (!prepared) userLists.set(key, (prepared = prepareUserList(db, shape)));
      const page = await prepared.execute({
        scopeOrganisationId: scope.kind === 'organisation' ? scope.organisationId : undefined,
        status: query.status,
        organisationId: query.organisationId,
        term,
        limit: query.limit,
        offset: query.offset,
      });
      if (page.length > 0)
        return {
          rows: page.map((r) => ({ ...r.user, organisationName: r.organisationName })),
          total: page[0]!.total,
        };
      if (query.offset === 0) return { rows: [], total: 0 };
      const where = and(
        scopeCondition(scope),
        inArray(users.role, [...query.roles]),
        query.status ? eq(users.status, query.status) : undefined,
        query.organisationId ? eq(users.organisationId, query.organisationId) : undefined,
        term ? or(ilike(users.name, term), ilike(users.email, term)) : undefined,
      );
      const [totals] = await db.select({ total: count() }).from(users).where(where);
      return { rows: [], total: totals?.total ?? 0 };
    },

    /** Users of the given roles in the scope, plus platform-wide ones (organisation null) when asked. */
    async listByRole(
      scope: TenantScope,
      role: Role,
      includePlatform: boolean,
    ): Promise<UserWithOrganisation[]> {
      const tenancy = scopeCondition(scope);
      const where = and(
        eq(users.role, role),
        includePlatform && tenancy ? or(tenancy, isNull(users.organisationId)) : tenancy,
      );
      const rows = await db
        .select({ user: users, organisationName: organisations.name })
        .from(users)
        .leftJoin(organisations, eq(organisations.id, users.organisationId))
        .where(where)
        .orderBy(asc(users.name))
        .limit(1000);
      return rows.map((r) => ({ ...r.user, organisationName: r.organisationName }));
    },

    async countInOrganisation(organisationId: string, roles: readonly Role[]): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), inArray(users.role, [...roles])));
      return row?.total ?? 0;
    },

    async update(id: string, patch: UserPatch, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return changed(id, row);
    },

    /** A deactivation also revokes every token, so reactivating does not revive old sessions. */
    async setStatus(id: string, status: UserStatus, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({
          status,
          updatedAt: now,
          ...(status === 'inactive' ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      return changed(id, row);
    },

    /** A password changed by its owner: older tokens stop working. */
    async setPassword(id: string, passwordHash: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return changed(id, row);
    },

    async setApikey(id: string, apikey: string, now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...apikeyColumns(apikey), updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    async setCategories(id: string, categories: string[], now: Date): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ categories, updatedAt: now })
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
