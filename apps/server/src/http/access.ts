import type { ApiKeyScope, Role } from '@bhasha/contract';

/**
 * Who may call a route. Every route under /api declares one (checked when routes register), so
 * the permission matrix covers every route: 'public' needs no token, 'signedIn' any active user,
 * a role list only those roles.
 */
export type RouteAccess = 'public' | 'signedIn' | readonly Role[];

/** The caller behind a verified token, or an organisation API key acting for its organisation. */
export interface Principal {
  id: string;
  role: Role;
  organisationId: string | null;
  /**
   * Present when the caller is an organisation API key (ADR 0042): `id` and `role` are then its
   * creator's id and the organisation's admin role, bounded by the key's scopes and project.
   */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[]; projectId: string | null };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * The route works on one organisation's rows: callers other than super admins reach only
     * their own organisation's, and foreign ids answer 404 (docs/permissions.json records it).
     */
    ownOrganisation?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** True when the principal satisfies the route's access rule. */
export function isAllowed(access: RouteAccess, principal: Principal | null): boolean {
  if (access === 'public') return true;
  if (!principal) return false;
  if (access === 'signedIn') return true;
  return access.includes(principal.role);
}
