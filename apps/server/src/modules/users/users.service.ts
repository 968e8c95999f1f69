import { timingSafeEqual } from 'node:crypto';
import {
  ERROR_MESSAGES,
  FREE_PLAN_MAX_COLLABORATORS,
  ORGANISATION_ROLES,
  ROLES,
  USER_MESSAGES,
  getDocumentCategoriesFor,
  type Abilities,
  type DashboardPage,
  type Role,
  type UserStatus,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { generateApiKey, hashApiKey } from '../../lib/secrets';
import type { OrganisationRow, OrganisationsRepository } from '../organisations/organisations.repository';
import { can as canOrganisation } from '../organisations/organisations.policy';
import { scopeOf } from '../organisations/tenant-scope';
import { COLLABORATOR_MANAGER_ROLES } from '../collaborators/collaborators.policy';
import { getProjectCreationGate, listProjectTypes } from '../projects/projects.policy';
import type { TokenService } from '../auth/token.service';
import {
  can,
  canOpenPage,
  getAssignableRoles,
  getCollaboratorLimit,
  getListableRoles,
  getOpenablePages,
} from './users.policy';
import type { UserPatch, UserRow, UsersRepository, UserWithOrganisation } from './users.repository';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Roles that count against a free plan's user limit (everyone but its admins). */
const MEMBER_ROLES: readonly Role[] = [ROLES.collaborator];

export interface UsersServiceDeps {
  users: UsersRepository;
  organisations: OrganisationsRepository;
  tokens: TokenService;
  clock: Clock;
  /** Ends the open sockets of a user whose sessions were revoked. */
  emitter: RealtimeEmitter;
  /** Website projects of an organisation (the free plan's project limit, for the abilities). */
  countWebsiteProjects(organisationId: string): Promise<number>;
}

export interface CreateUserInput {
  name: string;
  email: string;
  role: Role;
  password: string;
  phone?: string | null | undefined;
  organisationId?: string | null | undefined;
  nmtEnabled: boolean;
}

export interface ListUsersInput {
  search?: string | undefined;
  page: number;
  pageSize: number;
  role?: Role | undefined;
  status?: UserStatus | undefined;
  organisationId?: string | undefined;
}

/** Users of spec §7: lists, creation, edits, status, passwords, API keys, abilities. */
export function createUsersService(deps: UsersServiceDeps) {
  const { users: repository, clock } = deps;

  async function organisationOf(principal: Principal): Promise<OrganisationRow | null> {
    if (!principal.organisationId) return null;
    return (await deps.organisations.findById(principal.organisationId)) ?? null;
  }

  async function withOrganisationName(row: UserRow): Promise<UserWithOrganisation> {
    const organisation = row.organisationId
      ? await deps.organisations.findById(row.organisationId)
      : undefined;
    return { ...row, organisationName: organisation?.name ?? null };
  }

  /** A user the caller may see, or 404: another organisation's user is as absent as a missing one. */
  async function findVisible(principal: Principal, id: string): Promise<UserWithOrganisation> {
    // One's own row is always visible, even to callers bound to no organisation.
    const own = id === principal.id ? await repository.findById(id) : undefined;
    const user = own ? await withOrganisationName(own) : await repository.findInScope(scopeOf(principal), id);
    if (
      !user ||
      !can(
        principal,
        'view',
        { id: user.id, role: user.role as Role, organisationId: user.organisationId },
        null,
      )
    ) {
      throw AppError.notFound('The user');
    }
    return user;
  }

  return {
    async getSessionUser(id: string): Promise<UserRow> {
      const user = await repository.findById(id);
      if (!user) throw AppError.tokenExpired();
      return user;
    },

    /**
     * Contract acceptance (spec §7, §8): the caller agrees with its own apikey. A missing or
     * foreign apikey answers 'Something went wrong' and changes nothing. The dashboard only knows
     * the key's visible prefix (the key is shown once), so the prefix is accepted as well as the key.
     */
    async agreeToContract(userId: string, apikey: string): Promise<UserRow> {
      const user = await repository.findById(userId);
      if (!user) throw AppError.tokenExpired();
      const ownKey =
        user.apikeyHash !== null &&
        user.apikeyPrefix !== null &&
        (sameSecret(user.apikeyHash, hashApiKey(apikey)) || sameSecret(user.apikeyPrefix, apikey));
      if (!ownKey) throw AppError.forbidden(ERROR_MESSAGES.somethingWentWrong);
      if (user.contractAgreed) return user;
      const updated = await repository.markContractAgreed(user.id, clock.now());
      if (!updated) throw AppError.tokenExpired();
      return updated;
    },

    /**
     * Creates the first super admin on first start. Answers whether it was created now, so the
     * caller can print a generated password exactly once.
     */
    async ensureFirstSuperAdmin(email: string, password: string): Promise<boolean> {
      if ((await repository.countByRole(ROLES.superAdmin)) > 0) return false;
      try {
        await repository.insert({
          name: 'Super Admin',
          email,
          passwordHash: await hashPassword(password),
          role: ROLES.superAdmin,
          emailVerified: true,
          contractAgreed: true,
        });
      } catch (error) {
        // Web processes started together (README "several worker processes") race here: the
        // first one's admin stands, the others start without creating one.
        if (isUniqueViolation(error)) return false;
        throw error;
      }
      return true;
    },

    async listUsers(principal: Principal, input: ListUsersInput) {
      const listable = getListableRoles(principal);
      const roles = input.role ? listable.filter((r) => r === input.role) : listable;
      return repository.list(scopeOf(principal), {
        search: input.search || undefined,
        roles,
        status: input.status,
        // Only a super admin narrows by organisation; everyone else is bound to its own already.
        organisationId: principal.role === ROLES.superAdmin ? input.organisationId : undefined,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
    },

    async listByRole(principal: Principal, role: Role): Promise<UserWithOrganisation[]> {
      // Delivery managers serve organisations from the platform's desk (no organisation of their own).
      return repository.listByRole(scopeOf(principal), role, role === ROLES.deliveryManager);
    },

    /**
     * Creates a user. Every problem (unknown or forbidden role, duplicate e-mail, plan limit) is
     * a VALIDATION_ERROR with its message in `data`, and nothing is written.
     */
    async createUser(principal: Principal, input: CreateUserInput): Promise<UserWithOrganisation> {
      const isSuper = principal.role === ROLES.superAdmin;
      // Super admins are platform-wide: they never belong to an organisation.
      const organisationId =
        input.role === ROLES.superAdmin
          ? null
          : isSuper
            ? (input.organisationId ?? null)
            : principal.organisationId;
      const organisation = organisationId
        ? ((await deps.organisations.findInScope(scopeOf(principal), organisationId)) ?? null)
        : null;
      if (organisationId && !organisation) throw AppError.notFound('The organisation');
      const callerOrganisation = isSuper ? organisation : await organisationOf(principal);
      const problems: string[] = [];
      if (!can(principal, 'create', { id: '', role: input.role, organisationId }, callerOrganisation)) {
        problems.push(USER_MESSAGES.roleNotAllowed);
      }
      // A user of an organisation role without an organisation could open nothing (403 everywhere).
      if (!organisationId && ORGANISATION_ROLES.includes(input.role))
        problems.push(USER_MESSAGES.organisationRequired);
      if (await repository.findByEmail(input.email)) problems.push(USER_MESSAGES.emailTaken);
      const limit = getCollaboratorLimit(organisation, FREE_PLAN_MAX_COLLABORATORS);
      if (organisationId && limit !== null && MEMBER_ROLES.includes(input.role)) {
        if ((await repository.countInOrganisation(organisationId, MEMBER_ROLES)) >= limit)
          problems.push(USER_MESSAGES.freePlanUserLimit);
      }
      if (problems.length > 0) throw AppError.validation(problems);
      try {
        const row = await repository.insert({
          organisationId,
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          passwordHash: await hashPassword(input.password),
          role: input.role,
          nmtEnabled: input.nmtEnabled,
          // The admin vouches for the address; the user proves it by signing in with the password given.
          emailVerified: true,
          // Like every other way an account is made: the contract is agreed with it (spec §7).
          apikey: generateApiKey(),
        });
        return { ...row, organisationName: organisation?.name ?? null };
      } catch (error) {
        // Two creates of one e-mail id at once: the unique index decides.
        if (isUniqueViolation(error)) throw AppError.validation([USER_MESSAGES.emailTaken]);
        throw error;
      }
    },

    async getOwnDetails(principal: Principal): Promise<UserWithOrganisation> {
      return findVisible(principal, principal.id);
    },

    async getDetailsByApikey(principal: Principal, apikey: string): Promise<UserWithOrganisation> {
      const owner = await repository.findByApikey(apikey);
      if (!owner) throw AppError.notFound('The user');
      return findVisible(principal, owner.id);
    },

    async updateUser(principal: Principal, userId: string, patch: UserPatch): Promise<UserWithOrganisation> {
      const target = await findVisible(principal, userId);
      const resource = { id: target.id, role: target.role as Role, organisationId: target.organisationId };
      const organisation = await organisationOf(principal);
      const profileOnly =
        patch.role === undefined &&
        patch.nmtEnabled === undefined &&
        patch.email === undefined &&
        patch.organisationId === undefined;
      const allowed = profileOnly
        ? can(principal, 'editProfile', resource, organisation) ||
          can(principal, 'update', resource, organisation)
        : can(principal, 'update', resource, organisation);
      if (!allowed) throw AppError.forbidden();
      const problems: string[] = [];
      if (
        patch.role !== undefined &&
        patch.role !== target.role &&
        !getAssignableRoles(principal, organisation).includes(patch.role)
      ) {
        problems.push(USER_MESSAGES.roleNotAllowed);
      }
      const changes: UserPatch = { ...patch };
      let organisationName = target.organisationName;
      if (patch.organisationId !== undefined && patch.organisationId !== target.organisationId) {
        if (principal.role !== ROLES.superAdmin) {
          problems.push(USER_MESSAGES.organisationChangeNotAllowed);
        } else if (patch.organisationId) {
          const moved = await deps.organisations.findInScope(scopeOf(principal), patch.organisationId);
          if (!moved) throw AppError.notFound('The organisation');
          organisationName = moved.name;
        } else {
          organisationName = null;
        }
      } else {
        delete changes.organisationId;
      }
      const role = patch.role ?? (target.role as Role);
      // Super admins are platform-wide: they never belong to an organisation.
      if (role === ROLES.superAdmin && target.organisationId !== null) {
        changes.organisationId = null;
        organisationName = null;
      }
      const organisationId =
        changes.organisationId !== undefined ? changes.organisationId : target.organisationId;
      if (!organisationId && ORGANISATION_ROLES.includes(role))
        problems.push(USER_MESSAGES.organisationRequired);
      if (patch.email !== undefined && patch.email !== target.email) {
        if (await repository.findByEmail(patch.email)) problems.push(USER_MESSAGES.emailTaken);
      } else {
        delete changes.email;
      }
      if (problems.length > 0) throw AppError.validation(problems);
      try {
        const updated = await repository.update(target.id, changes, clock.now());
        if (!updated) throw AppError.notFound('The user');
        return { ...updated, organisationName };
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.validation([USER_MESSAGES.emailTaken]);
        throw error;
      }
    },

    async switchStatus(
      principal: Principal,
      userId: string,
      status: UserStatus,
    ): Promise<UserWithOrganisation> {
      const target = await findVisible(principal, userId);
      if (target.id === principal.id) throw AppError.validation([USER_MESSAGES.cannotChangeOwnStatus]);
      const resource = { id: target.id, role: target.role as Role, organisationId: target.organisationId };
      if (!can(principal, 'switchStatus', resource, await organisationOf(principal)))
        throw AppError.forbidden();
      const updated = await repository.setStatus(target.id, status, clock.now());
      if (!updated) throw AppError.notFound('The user');
      if (status === 'inactive') deps.emitter.disconnectUser(updated.id);
      return { ...updated, organisationName: target.organisationName };
    },

    /** The caller changes its own password; every other session ends and a fresh token is answered. */
    async changeOwnPassword(
      principal: Principal,
      currentPassword: string,
      newPassword: string,
    ): Promise<string> {
      const user = await repository.findById(principal.id);
      if (!user) throw AppError.tokenExpired();
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw AppError.validation([USER_MESSAGES.currentPasswordWrong]);
      }
      if (currentPassword === newPassword) throw AppError.validation([USER_MESSAGES.samePassword]);
      const updated = await repository.setPassword(user.id, await hashPassword(newPassword), clock.now());
      if (!updated) throw AppError.tokenExpired();
      // Sockets opened with an older token are cut; the dashboard reconnects with the new one.
      deps.emitter.disconnectUser(updated.id);
      return deps.tokens.sign({
        userId: updated.id,
        role: updated.role as Role,
        version: updated.tokenVersion,
      });
    },

    /** A new apikey for the caller; the old one stops working at once. */
    async regenerateApikey(principal: Principal): Promise<string> {
      const apikey = generateApiKey();
      const updated = await repository.setApikey(principal.id, apikey, clock.now());
      if (!updated) throw AppError.tokenExpired();
      return apikey;
    },

    async setCategories(
      principal: Principal,
      userId: string,
      categories: string[],
    ): Promise<UserWithOrganisation> {
      const target = await findVisible(principal, userId);
      const role = target.role as Role;
      const resource = { id: target.id, role, organisationId: target.organisationId };
      if (role !== ROLES.lokSabhaTranslator && role !== ROLES.rajyaSabhaTranslator) {
        throw AppError.validation([USER_MESSAGES.notATranslator]);
      }
      if (!can(principal, 'setCategories', resource, await organisationOf(principal)))
        throw AppError.forbidden();
      const house = role === ROLES.lokSabhaTranslator ? 'ls' : 'rs';
      const allowed = new Set(getDocumentCategoriesFor(house).map((c) => c.value));
      if (categories.some((c) => !allowed.has(c)))
        throw AppError.validation([USER_MESSAGES.categoryNotForRole]);
      const unique = [...new Set(categories)];
      const updated = await repository.setCategories(target.id, unique, clock.now());
      if (!updated) throw AppError.notFound('The user');
      return withOrganisationName(updated);
    },

    canOpenPage(principal: Principal, page: DashboardPage): boolean {
      return canOpenPage(principal, page);
    },

    async getAbilities(principal: Principal): Promise<Abilities> {
      const organisation = await organisationOf(principal);
      const ownOrganisation = principal.organisationId ? { id: principal.organisationId } : null;
      return {
        pages: getOpenablePages(principal),
        creatableRoles: can(principal, 'list', null, organisation)
          ? getAssignableRoles(principal, organisation)
          : [],
        canManageUsers: can(principal, 'list', null, organisation),
        canManageOrganisations: canOrganisation(principal, 'list', null),
        canEditOwnOrganisation: canOrganisation(principal, 'edit', ownOrganisation),
        canSeeAllOrganisations: canOrganisation(principal, 'list', null),
        canAssignCollaborators: COLLABORATOR_MANAGER_ROLES.includes(principal.role),
        projectCreation: {
          ...(await getProjectCreationGate(principal, () =>
            principal.organisationId
              ? deps.countWebsiteProjects(principal.organisationId)
              : Promise.resolve(0),
          )),
          types: listProjectTypes(),
        },
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
