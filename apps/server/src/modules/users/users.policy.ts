import {
  DASHBOARD_PAGES,
  ORGANISATION_PLANS,
  ROLES,
  ROLES_BY_POWER,
  ROLE_VALUES,
  type DashboardPage,
  type Role,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';

/** The plan facts the rules depend on. */
export interface OrganisationPlanFacts {
  plan: string;
  parliamentWorkspace: boolean;
}

/** The user an action is about. */
export interface UserResource {
  id: string;
  role: Role;
  organisationId: string | null;
}

export type UserAction =
  'list' | 'view' | 'create' | 'update' | 'editProfile' | 'switchStatus' | 'setCategories';

/** Roles whose holders administer other users. */
const USER_ADMIN_ROLES: readonly Role[] = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
  ROLES.lokSabhaAdmin,
  ROLES.rajyaSabhaAdmin,
];

/**
 * Which roles a caller may give to a new or existing user (DESIGN.md §4): a super admin any;
 * an organisation admin collaborators, plus parliament translators when its plan has the
 * parliament workspace; a free organisation admin collaborators; a house admin its own house's
 * translators. Nobody gives a role above their own. Least powerful first, the order the
 * dashboard offers them in.
 */
export function getAssignableRoles(principal: Principal, organisation: OrganisationPlanFacts | null): Role[] {
  const parliament = organisation?.parliamentWorkspace === true;
  const assignable: Record<Role, readonly Role[]> = {
    superAdmin: ROLE_VALUES,
    organisationAdmin: parliament
      ? [ROLES.collaborator, ROLES.lokSabhaTranslator, ROLES.rajyaSabhaTranslator]
      : [ROLES.collaborator],
    freeOrgAdmin: [ROLES.collaborator],
    lokSabhaAdmin: parliament ? [ROLES.lokSabhaTranslator] : [],
    rajyaSabhaAdmin: parliament ? [ROLES.rajyaSabhaTranslator] : [],
    deliveryManager: [],
    translationAdmin: [],
    collaborator: [],
    lokSabhaTranslator: [],
    rajyaSabhaTranslator: [],
  };
  const roles = assignable[principal.role];
  return ROLES_BY_POWER.filter((role) => roles.includes(role));
}

/** Roles whose users appear in the caller's user list (within its organisation). */
export function getListableRoles(principal: Principal): readonly Role[] {
  return LISTABLE_ROLES[principal.role];
}

const LISTABLE_ROLES: Record<Role, readonly Role[]> = {
  superAdmin: ROLE_VALUES,
  organisationAdmin: ROLE_VALUES,
  freeOrgAdmin: ROLE_VALUES,
  lokSabhaAdmin: [ROLES.lokSabhaTranslator],
  rajyaSabhaAdmin: [ROLES.rajyaSabhaTranslator],
  deliveryManager: [],
  translationAdmin: [],
  collaborator: [],
  lokSabhaTranslator: [],
  rajyaSabhaTranslator: [],
};

function sameOrganisation(principal: Principal, resource: { organisationId: string | null }): boolean {
  return principal.organisationId !== null && principal.organisationId === resource.organisationId;
}

/**
 * The users feature's rules, pure: whether `principal` may do `action` on `resource`. Tenancy is
 * checked here too (a foreign resource is never allowed); callers answer 404 for foreign rows
 * before asking, so existence does not leak.
 */
export function can(
  principal: Principal,
  action: UserAction,
  resource: UserResource | null,
  organisation: OrganisationPlanFacts | null,
): boolean {
  const isSuper = principal.role === ROLES.superAdmin;
  const isSelf = resource !== null && resource.id === principal.id;
  switch (action) {
    case 'list':
      return USER_ADMIN_ROLES.includes(principal.role);
    case 'view':
      if (!resource) return false;
      return (
        isSelf ||
        isSuper ||
        (sameOrganisation(principal, resource) && getListableRoles(principal).includes(resource.role))
      );
    case 'editProfile':
      return isSelf;
    case 'create':
      return (
        resource !== null &&
        (isSuper || sameOrganisation(principal, resource)) &&
        getAssignableRoles(principal, organisation).includes(resource.role)
      );
    case 'update':
    case 'switchStatus':
      // Nobody changes their own role or status: an admin cannot lock itself out by mistake.
      if (!resource || isSelf) return false;
      if (isSuper) return true;
      return (
        sameOrganisation(principal, resource) &&
        getAssignableRoles(principal, organisation).includes(resource.role)
      );
    case 'setCategories':
      if (
        !resource ||
        (resource.role !== ROLES.lokSabhaTranslator && resource.role !== ROLES.rajyaSabhaTranslator)
      )
        return false;
      if (isSuper) return true;
      return (
        sameOrganisation(principal, resource) &&
        getAssignableRoles(principal, organisation).includes(resource.role)
      );
  }
}

/** Dashboard pages each role may open (the sections of the main app). */
const PAGES_BY_ROLE: Record<Role, readonly DashboardPage[]> = {
  superAdmin: Object.values(DASHBOARD_PAGES),
  organisationAdmin: [
    'dashboard',
    'projects',
    'workspace',
    'apiTranslation',
    'files',
    'humanTranslation',
    'domains',
    'users',
    // Their own organisation's settings; super admins see every organisation there.
    'organisations',
    'billing',
    'notifications',
    'settings',
  ],
  freeOrgAdmin: [
    'dashboard',
    'projects',
    'workspace',
    'users',
    'organisations',
    'billing',
    'notifications',
    'settings',
  ],
  collaborator: ['dashboard', 'projects', 'workspace', 'domains', 'notifications'],
  deliveryManager: ['dashboard', 'humanTranslation', 'notifications'],
  translationAdmin: ['dashboard', 'humanTranslation', 'notifications'],
  lokSabhaAdmin: ['dashboard', 'apiTranslation', 'files', 'users', 'notifications'],
  rajyaSabhaAdmin: ['dashboard', 'apiTranslation', 'files', 'users', 'notifications'],
  lokSabhaTranslator: ['dashboard', 'apiTranslation', 'files', 'notifications'],
  rajyaSabhaTranslator: ['dashboard', 'apiTranslation', 'files', 'notifications'],
};

/** Whether the caller may open a dashboard page (user/access/verify, the navigation). */
export function canOpenPage(principal: Principal, page: DashboardPage): boolean {
  return PAGES_BY_ROLE[principal.role].includes(page);
}

/** The pages the caller may open, in sidebar order. */
export function getOpenablePages(principal: Principal): DashboardPage[] {
  return Object.values(DASHBOARD_PAGES).filter((page) => canOpenPage(principal, page));
}

/** Users a free-plan organisation may hold besides its admins; null when the plan has no limit. */
export function getCollaboratorLimit(
  organisation: OrganisationPlanFacts | null,
  freeLimit: number,
): number | null {
  return organisation?.plan === ORGANISATION_PLANS.free ? freeLimit : null;
}
