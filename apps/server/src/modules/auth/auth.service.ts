import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_LOCKOUT_MINUTES,
  AUTH_MESSAGES,
  ERROR_CODES,
  LOGIN_ATTEMPT_LIMIT,
  ORGANISATION_PLANS,
  ROLES,
  type LoginFailureData,
  type OrganisationPlan,
  type Role,
} from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import { AppError } from '../../lib/app-error';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { Mailer } from '../../lib/mailer/mailer';
import {
  emailVerificationMail,
  organisationInviteMail,
  organisationWelcomeMail,
  passwordResetMail,
} from '../../lib/mailer/templates';
import { hashPassword, verifyPassword } from '../../lib/password';
import { generateApiKey, generateToken, hashToken } from '../../lib/secrets';
import {
  createOrganisationsRepository,
  type OrganisationRow,
} from '../organisations/organisations.repository';
import { createUsersRepository, type UserRow } from '../users/users.repository';
import {
  AUTH_TOKEN_PURPOSES,
  createAuthTokensRepository,
  type AuthTokenPurpose,
} from './auth-tokens.repository';
import type { TokenService } from './token.service';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';

const MINUTE_MS = 60 * 1000;

/** How long e-mailed links live, and how often a user may be sent a new one. */
export const LINK_POLICY = {
  verificationValidHours: 48,
  resetValidMinutes: 60,
  inviteValidDays: 7,
  /** A new reset or verification e-mail for one account at most this often. */
  resendIntervalMinutes: 2,
} as const;

/** Dashboard paths the e-mailed links open (spec §2). */
export const LINK_PATHS = {
  verification: '/verification/',
  newPassword: '/new-password/',
  signIn: '/sign-in',
} as const;

export interface AuthServiceDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  mailer: Mailer;
  background: BackgroundTasks;
  /** Base of every link in an e-mail (config.publicUrl), never a request header. */
  publicUrl: string;
  /** Ends the open sockets of a user whose sessions were revoked. */
  emitter: RealtimeEmitter;
}

function loginFailure(message: string, data: LoginFailureData, status = 401): AppError {
  return status === 403
    ? new AppError(403, ERROR_CODES.FORBIDDEN, message, data)
    : AppError.unauthorized(message, data);
}

function displayName(user: UserRow): string {
  return user.name.trim() || user.email;
}

/**
 * Sign-in with lockout, sign-up with e-mail verification, password reset, sign-out and the
 * super admin's organisation creation (spec §7 "Authentication").
 */
export function createAuthService(deps: AuthServiceDeps) {
  const users = createUsersRepository(deps.db);
  const authTokens = createAuthTokensRepository(deps.db);
  // Unknown e-mail ids still cost one argon2 check, so the answer time does not tell them apart.
  let decoyHash: Promise<string> | null = null;
  const getDecoyHash = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

  const link = (path: string, token = '') => `${deps.publicUrl}${path}${encodeURIComponent(token)}`;

  async function issueLinkToken(userId: string, purpose: AuthTokenPurpose, validMs: number): Promise<string> {
    const now = deps.clock.now();
    const token = generateToken();
    await authTokens.insert({
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + validMs),
      createdAt: now,
    });
    return token;
  }

  /** True when no link of this purpose was sent to the user within the resend interval. */
  async function maySendLink(userId: string, purpose: AuthTokenPurpose): Promise<boolean> {
    const last = await authTokens.lastCreatedAt(userId, purpose);
    return (
      !last || deps.clock.now().getTime() - last.getTime() >= LINK_POLICY.resendIntervalMinutes * MINUTE_MS
    );
  }

  function sendVerificationInBackground(user: UserRow): void {
    deps.background.run('mail.email-verification', async () => {
      if (!(await maySendLink(user.id, AUTH_TOKEN_PURPOSES.emailVerification))) return;
      const token = await issueLinkToken(
        user.id,
        AUTH_TOKEN_PURPOSES.emailVerification,
        LINK_POLICY.verificationValidHours * 60 * MINUTE_MS,
      );
      await deps.mailer.send(
        emailVerificationMail({
          to: user.email,
          name: displayName(user),
          link: link(LINK_PATHS.verification, token),
          validHours: LINK_POLICY.verificationValidHours,
        }),
      );
    });
  }

  function signSession(user: UserRow): Promise<string> {
    return deps.tokens.sign({ userId: user.id, role: user.role as Role, version: user.tokenVersion });
  }

  async function assertEmailFree(email: string): Promise<void> {
    if (await users.findByEmail(email)) throw AppError.conflict(AUTH_MESSAGES.emailAlreadyRegistered);
  }

  /** Inserts an organisation and its first admin in one transaction. */
  async function insertOrganisationWithAdmin(input: {
    organisation: string;
    plan: OrganisationPlan;
    admin: {
      name: string;
      email: string;
      phone?: string | null;
      passwordHash: string;
      emailVerified: boolean;
    };
  }): Promise<{ organisation: OrganisationRow; user: UserRow }> {
    try {
      return await deps.db.transaction(async (tx) => {
        const organisation = await createOrganisationsRepository(tx).insert({
          name: input.organisation,
          plan: input.plan,
        });
        const user = await createUsersRepository(tx).insert({
          organisationId: organisation.id,
          name: input.admin.name,
          email: input.admin.email,
          phone: input.admin.phone ?? null,
          passwordHash: input.admin.passwordHash,
          role: ROLES.organisationAdmin,
          apikey: generateApiKey(),
          emailVerified: input.admin.emailVerified,
        });
        return { organisation, user };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict(AUTH_MESSAGES.emailAlreadyRegistered);
      throw error;
    }
  }

  return {
    /**
     * Signs in. Every password check is admitted through an atomic counter first, so five
     * consecutive failures lock the account for 30 minutes and concurrent guesses cannot get more
     * than five checks in. Failures answer `{ locked, attempts }`.
     */
    async login(input: { email: string; password: string }): Promise<{ token: string; user: UserRow }> {
      const now = deps.clock.now();
      const user = await users.findByEmail(input.email);
      if (!user) {
        await verifyPassword(await getDecoyHash(), input.password);
        throw loginFailure(AUTH_MESSAGES.invalidCredentials, { locked: false, attempts: 0 });
      }
      const lockUntil = new Date(now.getTime() + ACCOUNT_LOCKOUT_MINUTES * MINUTE_MS);
      const claim = await users.claimLoginAttempt(user.id, now, lockUntil, LOGIN_ATTEMPT_LIMIT);
      if (!claim)
        throw loginFailure(AUTH_MESSAGES.accountLocked, { locked: true, attempts: LOGIN_ATTEMPT_LIMIT });

      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const locked = claim.failedAttempts >= LOGIN_ATTEMPT_LIMIT;
        throw loginFailure(locked ? AUTH_MESSAGES.accountLocked : AUTH_MESSAGES.invalidCredentials, {
          locked,
          attempts: claim.failedAttempts,
        });
      }
      await users.clearLoginFailures(user.id);
      // Checked only after the password, so these answers reveal nothing to a guesser.
      if (user.status !== 'active') {
        throw loginFailure(AUTH_MESSAGES.accountInactive, { locked: false, attempts: 0 }, 403);
      }
      if (!user.emailVerified) {
        sendVerificationInBackground(user);
        throw loginFailure(AUTH_MESSAGES.emailNotVerified, { locked: false, attempts: 0 }, 403);
      }
      return { token: await signSession(user), user };
    },

    /** The older sign-up form: an organisation and its unverified organisation admin, then the verification e-mail. */
    async signUp(input: {
      firstName: string;
      lastName: string;
      email: string;
      password: string;
      organisation: string;
    }): Promise<UserRow> {
      await assertEmailFree(input.email);
      const { user } = await insertOrganisationWithAdmin({
        organisation: input.organisation,
        plan: ORGANISATION_PLANS.free,
        admin: {
          name: `${input.firstName} ${input.lastName}`,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          emailVerified: false,
        },
      });
      sendVerificationInBackground(user);
      return user;
    },

    /** Spends an e-mail verification link and signs the user in. */
    async verifyEmail(uuid: string): Promise<{ token: string; user: UserRow }> {
      const now = deps.clock.now();
      const spent = await authTokens.consume(hashToken(uuid), AUTH_TOKEN_PURPOSES.emailVerification, now);
      if (!spent) throw AppError.validation([AUTH_MESSAGES.verificationLinkInvalid]);
      const user = await users.markEmailVerified(spent.userId, now);
      if (!user) throw AppError.validation([AUTH_MESSAGES.verificationLinkInvalid]);
      if (user.status !== 'active') throw AppError.forbidden(AUTH_MESSAGES.accountInactive);
      return { token: await signSession(user), user };
    },

    /**
     * Starts a password reset. The lookup and the e-mail run in the background, so neither the
     * answer nor its timing says whether an account exists.
     */
    requestPasswordReset(email: string): void {
      deps.background.run('mail.password-reset', async () => {
        const user = await users.findByEmail(email);
        if (!user || user.status !== 'active') return;
        if (!(await maySendLink(user.id, AUTH_TOKEN_PURPOSES.passwordReset))) return;
        const token = await issueLinkToken(
          user.id,
          AUTH_TOKEN_PURPOSES.passwordReset,
          LINK_POLICY.resetValidMinutes * MINUTE_MS,
        );
        await deps.mailer.send(
          passwordResetMail({
            to: user.email,
            name: displayName(user),
            link: link(LINK_PATHS.newPassword, token),
            validMinutes: LINK_POLICY.resetValidMinutes,
          }),
        );
      });
    },

    /**
     * Sets the password from a reset link: spends the link (and every other open one), revokes
     * all older sessions, clears a lockout, and answers a new session.
     */
    async updatePassword(input: {
      token: string;
      password: string;
    }): Promise<{ token: string; user: UserRow }> {
      const passwordHash = await hashPassword(input.password);
      const now = deps.clock.now();
      const user = await deps.db.transaction(async (tx) => {
        const tokensInTx = createAuthTokensRepository(tx);
        const spent = await tokensInTx.consume(
          hashToken(input.token),
          AUTH_TOKEN_PURPOSES.passwordReset,
          now,
        );
        if (!spent) throw AppError.validation([AUTH_MESSAGES.resetLinkInvalid]);
        const updated = await createUsersRepository(tx).setPasswordFromReset(spent.userId, passwordHash, now);
        if (!updated) throw AppError.validation([AUTH_MESSAGES.resetLinkInvalid]);
        await tokensInTx.revokeUnused(spent.userId, AUTH_TOKEN_PURPOSES.passwordReset, now);
        return updated;
      });
      deps.emitter.disconnectUser(user.id);
      if (user.status !== 'active') throw AppError.forbidden(AUTH_MESSAGES.accountInactive);
      return { token: await signSession(user), user };
    },

    /** Signs out: every token of the user issued so far stops working (docs/adr/0002-sign-out.md). */
    async signOut(userId: string): Promise<void> {
      await users.bumpTokenVersion(userId, deps.clock.now());
      deps.emitter.disconnectUser(userId);
    },

    /**
     * A super admin creates an organisation and its organisation admin. Without a password the
     * admin gets a link to choose one; with one, a welcome e-mail with the sign-in link.
     */
    async createOrganisation(input: {
      organisation: string;
      plan: OrganisationPlan;
      name: string;
      email: string;
      password?: string | undefined;
      phone?: string | undefined;
    }): Promise<{ organisation: OrganisationRow; user: UserRow }> {
      await assertEmailFree(input.email);
      // Without a password the account gets a random one nobody knows until the link is used.
      const password = input.password ?? randomBytes(32).toString('base64url');
      const created = await insertOrganisationWithAdmin({
        organisation: input.organisation,
        plan: input.plan,
        admin: {
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          passwordHash: await hashPassword(password),
          emailVerified: true,
        },
      });
      const { organisation, user } = created;
      deps.background.run('mail.organisation-welcome', async () => {
        if (input.password) {
          await deps.mailer.send(
            organisationWelcomeMail({
              to: user.email,
              name: user.name,
              organisation: organisation.name,
              link: link(LINK_PATHS.signIn),
            }),
          );
          return;
        }
        const token = await issueLinkToken(
          user.id,
          AUTH_TOKEN_PURPOSES.passwordReset,
          LINK_POLICY.inviteValidDays * 24 * 60 * MINUTE_MS,
        );
        await deps.mailer.send(
          organisationInviteMail({
            to: user.email,
            name: user.name,
            organisation: organisation.name,
            link: link(LINK_PATHS.newPassword, token),
            validDays: LINK_POLICY.inviteValidDays,
          }),
        );
      });
      return created;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
