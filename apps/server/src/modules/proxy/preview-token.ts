import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a preview token grants: one project's pages in one language until it expires. */
export interface PreviewGrant {
  projectId: string;
  language: string;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * Signed, expiring preview tokens (HMAC-SHA256 over the grant, key derived from the server
 * secret). Anyone holding the link may open the preview until it expires, like a shared
 * document link; nothing else about the project is exposed.
 */
export function createPreviewTokens(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('bhasha proxy preview v1').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(grant: PreviewGrant): string {
      const payload = Buffer.from(
        JSON.stringify({ p: grant.projectId, l: grant.language, e: grant.expiresAt }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The grant of a valid, unexpired token, or undefined. */
    verify(token: string, now: number): PreviewGrant | undefined {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        if (typeof data.p !== 'string' || typeof data.l !== 'string' || typeof data.e !== 'number')
          return undefined;
        if (data.e <= now) return undefined;
        return { projectId: data.p, language: data.l, expiresAt: data.e };
      } catch {
        return undefined;
      }
    },
  };
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>;
