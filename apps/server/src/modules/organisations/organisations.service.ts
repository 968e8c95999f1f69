import { FREE_PLAN_MAX_COLLABORATORS, ORGANISATION_MESSAGES, ROLE_VALUES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UsersRepository } from '../users/users.repository';
import { getCollaboratorLimit } from '../users/users.policy';
import { can } from './organisations.policy';
import type { OrganisationPatch, OrganisationRow, OrganisationsRepository } from './organisations.repository';
import { scopeOf } from './tenant-scope';

export interface OrganisationsServiceDeps {
  organisations: OrganisationsRepository;
  users: UsersRepository;
  clock: Clock;
}

/** Organisations of spec §7: the super admin's table, and each organisation's own settings. */
export function createOrganisationsService(deps: OrganisationsServiceDeps) {
  /** An organisation the caller may see, or 404 (a foreign one is as absent as a missing one). */
  async function findVisible(principal: Principal, id: string): Promise<OrganisationRow> {
    const organisation = await deps.organisations.findInScope(scopeOf(principal), id);
    if (!organisation || !can(principal, 'view', organisation)) throw AppError.notFound('The organisation');
    return organisation;
  }

  return {
    /**
     * The caller's organisation name and how far it has come: a project, its content found by a
     * crawl, translations, visitors on the translated site. Callers bound to no organisation get
     * no name and no progress.
     */
    async progress(principal: Principal) {
      const none = { hasProject: false, hasContent: false, hasTranslations: false, hasVisits: false };
      if (!principal.organisationId) return { organisationName: null, ...none };
      const organisation = await deps.organisations.findById(principal.organisationId);
      if (!organisation) return { organisationName: null, ...none };
      return { organisationName: organisation.name, ...(await deps.organisations.progress(organisation.id)) };
    },

    async list(principal: Principal, input: { search?: string | undefined; page: number; pageSize: number }) {
      return deps.organisations.list(scopeOf(principal), {
        search: input.search || undefined,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
    },

    listNames(principal: Principal) {
      return deps.organisations.listNames(scopeOf(principal));
    },

    async getDetails(principal: Principal, id: string) {
      const organisation = await findVisible(principal, id);
      const userCount = await deps.users.countInOrganisation(organisation.id, ROLE_VALUES);
      return {
        organisation,
        planSummary: {
          plan: organisation.plan,
          parliamentWorkspace: organisation.parliamentWorkspace,
          maxCollaborators: getCollaboratorLimit(organisation, FREE_PLAN_MAX_COLLABORATORS),
          userCount,
        },
      };
    },

    async edit(principal: Principal, id: string, patch: OrganisationPatch): Promise<OrganisationRow> {
      const organisation = await findVisible(principal, id);
      if (!can(principal, 'edit', organisation)) throw AppError.forbidden();
      const changesPlan = patch.plan !== undefined || patch.parliamentWorkspace !== undefined;
      if (changesPlan && !can(principal, 'changePlan', organisation))
        throw AppError.forbidden(ORGANISATION_MESSAGES.planChangeNotAllowed);
      const updated = await deps.organisations.update(organisation.id, patch, deps.clock.now());
      if (!updated) throw AppError.notFound('The organisation');
      return updated;
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
