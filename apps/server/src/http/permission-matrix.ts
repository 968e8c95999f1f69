import { ROLE_VALUES, type ApiKeyScope, type Role } from '@bhasha/contract';
import { requiredApiKeyScope } from '../modules/api-keys/api-key-scopes';
import { isAllowed } from './access';
import type { RouteAccessEntry } from './authenticate';

/** Who may call one route: anonymous callers and each role, plus whether it is tenant-scoped. */
export interface PermissionMatrixRow {
  method: string;
  path: string;
  access: 'public' | 'signedIn' | 'roles';
  /** Callers other than super admins reach only their own organisation's rows; foreign ids are 404. */
  ownOrganisation: boolean;
  allowed: Record<'anonymous' | Role, boolean>;
  /** The scope an organisation API key needs (ADR 0042); null: keys may not call it (or need none). */
  apiKeyScope: ApiKeyScope | null;
}

/** The machine-readable permission matrix (route × role → allowed), as docs/permissions.json holds it. */
export interface PermissionMatrix {
  roles: Role[];
  routes: PermissionMatrixRow[];
}

/** Builds the matrix from the routes' declared access, sorted so the file diffs cleanly. */
export function buildPermissionMatrix(table: readonly RouteAccessEntry[]): PermissionMatrix {
  const routes = table
    .map((entry): PermissionMatrixRow => {
      const allowed = { anonymous: isAllowed(entry.access, null) } as PermissionMatrixRow['allowed'];
      for (const role of ROLE_VALUES)
        allowed[role] = isAllowed(entry.access, { id: '', role, organisationId: null });
      return {
        method: entry.method,
        path: entry.url,
        access: typeof entry.access === 'string' ? entry.access : 'roles',
        ownOrganisation: entry.ownOrganisation,
        allowed,
        apiKeyScope: requiredApiKeyScope(entry.method, entry.url, entry.access),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { roles: [...ROLE_VALUES], routes };
}

/** The matrix as the checked-in file spells it. */
export function serialisePermissionMatrix(matrix: PermissionMatrix): string {
  return `${JSON.stringify(matrix, null, 2)}\n`;
}
