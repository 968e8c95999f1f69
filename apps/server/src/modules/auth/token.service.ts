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

/** Signs and verifies access tokens: HS256 only, an expiry always, the token version as a claim. */
export function createTokenService(secret: Uint8Array, ttlSeconds: number, clock: Clock) {
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
        return {
          state: 'valid',
          claims: { userId: payload.sub, role: payload.role as Role, version: payload.ver },
        };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { state: 'expired' };
        return { state: 'invalid' };
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
