import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, ROLES, USER_MESSAGES, endpoints } from '@bhasha/contract';
import type { RouteAccess } from '../../http/access';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { presentSessionUser, presentUserDetails, presentUserSummary } from './users.presenter';

const USER_ADMINS: RouteAccess = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
  ROLES.lokSabhaAdmin,
  ROLES.rajyaSabhaAdmin,
];
const api = endpoints.users;

/** User calls of spec §7 "Users". */
export const usersRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'projectAccess' | 'users'>;
}> = (app, { services }, done) => {
  defineRoute(app, api.agreeToContract, {
    access: 'signedIn',
    handler: async (request) => {
      const user = await services.users.agreeToContract(request.principal!.id, request.body.apikey);
      return ok({ user: presentSessionUser(user) }, AUTH_MESSAGES.contractAgreed);
    },
  });

  defineRoute(app, api.list, {
    access: USER_ADMINS,
    ownOrganisation: true,
    handler: async (request) => {
      const { rows, total } = await services.users.listUsers(request.principal!, request.body);
      return ok({ users: rows.map(presentUserSummary), totalUsers: total });
    },
  });

  defineRoute(app, api.create, {
    access: USER_ADMINS,
    ownOrganisation: true,
    handler: async (request) => {
      const user = await services.users.createUser(request.principal!, request.body);
      return ok({ user: presentUserSummary(user) }, USER_MESSAGES.created);
    },
  });

  defineRoute(app, api.details, {
    access: 'signedIn',
    ownOrganisation: true,
    handler: async (request) => {
      const user = await services.users.getDetailsByApikey(request.principal!, request.body.apikey);
      return ok({ user: presentUserDetails(user, request.principal!.id) });
    },
  });

  defineRoute(app, api.profile, {
    access: 'signedIn',
    handler: async (request) => {
      const user = await services.users.getOwnDetails(request.principal!);
      return ok({ user: presentUserDetails(user, request.principal!.id) });
    },
  });

  defineRoute(app, api.deliveryManagers, {
    access: [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.deliveryManager, ROLES.translationAdmin],
    ownOrganisation: true,
    handler: async (request) => {
      const rows = await services.users.listByRole(request.principal!, ROLES.deliveryManager);
      return ok({ deliveryManagers: rows.map(presentUserSummary) });
    },
  });
  defineRoute(app, api.collaborators, {
    access: [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin],
    ownOrganisation: true,
    handler: async (request) => {
      const rows = await services.users.listByRole(request.principal!, ROLES.collaborator);
      return ok({ collaborators: rows.map(presentUserSummary) });
    },
  });

  defineRoute(app, api.switchStatus, {
    access: USER_ADMINS,
    ownOrganisation: true,
    handler: async (request) => {
      const user = await services.users.switchStatus(
        request.principal!,
        request.body.userId,
        request.body.status,
      );
      return ok({ user: presentUserSummary(user) }, USER_MESSAGES.statusChanged);
    },
  });

  defineRoute(app, api.update, {
    access: 'signedIn',
    ownOrganisation: true,
    handler: async (request) => {
      const user = await services.users.updateUser(
        request.principal!,
        request.body.userId,
        request.body.updateObj,
      );
      return ok({ user: presentUserSummary(user) }, USER_MESSAGES.updated);
    },
  });

  defineRoute(app, api.changeOwnPassword, {
    access: 'signedIn',
    handler: async (request) => {
      const token = await services.users.changeOwnPassword(
        request.principal!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok({ token }, USER_MESSAGES.passwordChanged);
    },
  });

  defineRoute(app, api.regenerateApikey, {
    access: 'signedIn',
    handler: async (request) =>
      ok(
        { apikey: await services.users.regenerateApikey(request.principal!) },
        USER_MESSAGES.apikeyRegenerated,
      ),
  });

  defineRoute(app, api.pageAccess, {
    access: 'signedIn',
    handler: (request) => ok({ allowed: services.users.canOpenPage(request.principal!, request.body.page) }),
  });

  defineRoute(app, api.projectAccess, {
    access: 'signedIn',
    ownOrganisation: true,
    handler: async (request) =>
      ok({
        allowed: await services.projectAccess.canOpen(request.principal!, request.body.projectId),
      }),
  });

  defineRoute(app, api.setCategories, {
    access: [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.lokSabhaAdmin, ROLES.rajyaSabhaAdmin],
    ownOrganisation: true,
    handler: async (request) => {
      const user = await services.users.setCategories(
        request.principal!,
        request.body.userId,
        request.body.categories,
      );
      return ok({ userId: user.id, categories: user.categories }, USER_MESSAGES.categoriesUpdated);
    },
  });

  defineRoute(app, api.abilities, {
    access: 'signedIn',
    handler: async (request) => ok({ abilities: await services.users.getAbilities(request.principal!) }),
  });
  done();
};
