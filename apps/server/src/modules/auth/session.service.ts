import { AUTH_MESSAGES, isRole } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { looksLikeApiKey } from '../../lib/secrets';
import type { UsersRepository } from '../users/users.repository';
import type { TokenService } from './token.service';

export interface SessionServiceDeps {
  tokens: TokenService;
  users: UsersRepository;
  clock: Clock;
  clockSkewSeconds: number;
}

/**
 * Reads the `timezone` header (spec §7: the client's current time). A value that is not a time
 * (older clients sent a zone name) is ignored; a time too far from ours is TIME_TRAVEL.
 */
export function isClockSkewed(
  timezoneHeader: string | undefined,
  now: Date,
  maxSkewSeconds: number,
): boolean {
  if (!timezoneHeader) return false;
  const asNumber = Number(timezoneHeader);
  const clientTime =
    Number.isFinite(asNumber) && timezoneHeader.trim() !== '' ? asNumber : Date.parse(timezoneHeader);
  if (!Number.isFinite(clientTime)) return false;
  return Math.abs(now.getTime() - clientTime) > maxSkewSeconds * 1000;
}

/** Strips an optional `Bearer ` prefix: the spec's client sends the bare token. */
export function readToken(authorizationHeader: string | undefined): string | null {
  if (!authorizationHeader) return null;
  const token = authorizationHeader.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

/** Turns a token into the caller, or throws the answer the spec's client expects. */
export function createSessionService(deps: SessionServiceDeps) {
  return {
    /**
     * `fresh` reads the user from the database rather than the per-process session cache
     * (`SESSION_USER_TTL_MS`): rare checks that must see a revocation made elsewhere at once.
     */
    async authenticate(
      token: string,
      timezoneHeader?: string,
      options: { fresh?: boolean } = {},
    ): Promise<Principal> {
      if (isClockSkewed(timezoneHeader, deps.clock.now(), deps.clockSkewSeconds)) throw AppError.timeTravel();
      const check = await deps.tokens.verify(token);
      if (check.state === 'expired') throw AppError.tokenExpired();
      if (check.state === 'invalid') throw AppError.unauthorized('Invalid token. Please sign in again.');
      const user = options.fresh
        ? await deps.users.findById(check.claims.userId)
        : await deps.users.findForSession(check.claims.userId);
      // A revoked token (password reset, sign-out everywhere) or a deactivated user ends the session.
      if (!user || user.tokenVersion !== check.claims.version) throw AppError.tokenExpired();
      if (user.status !== 'active')
        throw AppError.unauthorized('Your account is inactive. Please contact your administrator.');
      if (!isRole(user.role)) throw AppError.unauthorized();
      return { id: user.id, role: user.role, organisationId: user.organisationId };
    },

    /**
     * Programmatic access with a user's apikey instead of a token: the same user, the same rules.
     * Regenerating the key revokes the old one; an inactive user's key stops working.
     */
    async authenticateApiKey(apikey: string): Promise<Principal> {
      const user = looksLikeApiKey(apikey) ? await deps.users.findByApikey(apikey) : undefined;
      if (!user) throw AppError.unauthorized('Invalid API key');
      if (user.status !== 'active') throw AppError.unauthorized(AUTH_MESSAGES.accountInactive);
      if (!isRole(user.role)) throw AppError.unauthorized();
      return { id: user.id, role: user.role, organisationId: user.organisationId };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
