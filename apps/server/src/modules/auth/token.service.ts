import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@bhasha/contract';
import type { Clock } from '../../lib/clock';

/** What a signed-in token says about its holder. */
export interface TokenClaims {
  userId: string;
  role: Role;
  /** The user's token version when the token was issued; an older one is revoked. */
  version: number;
}

export type TokenCheck =
  { state: 'valid'; claims: TokenClaims } | { state: 'expired' } | { state: 'invalid' };

const ALGORITHM = 'HS256';
const ISSUER = 'bhasha';

/**
 * Verified tokens kept per service, so a client's next requests skip the HMAC check (WebCrypto's
 * asynchronous round trip was a visible share of every authenticated request under load). A token's
 * signature and claims cannot change, so only its expiry is checked again; revocation is the token
 * version, checked against the user on every request.
 */
const VERIFIED_TOKENS_MAX = 10_000;

/** Signs and verifies access tokens: HS256 only, an expiry always, the token version as a claim. */
export function createTokenService(secret: Uint8Array, ttlSeconds: number, clock: Clock) {
  const verified = new Map<string, { claims: TokenClaims; expiresAtSeconds: number }>();
  return {
    async sign(claims: TokenClaims): Promise<string> {
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ role: claims.role, ver: claims.version })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttlSeconds)
        .sign(secret);
    },

    async verify(token: string): Promise<TokenCheck> {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once `exp` is not after the current second.
        if (known.expiresAtSeconds <= Math.floor(clock.now().getTime() / 1000)) {
          verified.delete(token);
          return { state: 'expired' };
        }
        return { state: 'valid', claims: known.claims };
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          currentDate: clock.now(),
          requiredClaims: ['exp', 'sub'],
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.ver !== 'number' ||
          typeof payload.role !== 'string'
        ) {
          return { state: 'invalid' };
        }
        const claims: TokenClaims = { userId: payload.sub, role: payload.role as Role, version: payload.ver };
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
          verified.set(token, { claims, expiresAtSeconds: payload.exp });
        }
        return { state: 'valid', claims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { state: 'expired' };
        return { state: 'invalid' };
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
