import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ORGANISATION_MESSAGES, ROLES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { presentOrganisation } from './organisations.presenter';

const api = endpoints.organisations;

const ORGANISATION_ADMINS = [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;

/** Organisation calls of spec §7 "Organisations". */
export const organisationsRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'organisations'> }> = (
  app,
  { services },
  done,
) => {
  defineRoute(app, api.progress, {
    access: 'signedIn',
    handler: async (request) => ok({ progress: await services.organisations.progress(request.principal!) }),
  });

  defineRoute(app, api.list, {
    access: [ROLES.superAdmin],
    handler: async (request) => {
      const { rows, total } = await services.organisations.list(request.principal!, request.body);
      return ok({ organisations: rows.map(presentOrganisation), totalOrganisations: total });
    },
  });

  defineRoute(app, api.all, {
    access: [ROLES.superAdmin],
    handler: async (request) =>
      ok({ organisations: await services.organisations.listNames(request.principal!) }),
  });

  defineRoute(app, api.details, {
    access: ORGANISATION_ADMINS,
    ownOrganisation: true,
    handler: async (request) => {
      const { organisation, planSummary } = await services.organisations.getDetails(
        request.principal!,
        request.body.organisationId,
      );
      const presented = presentOrganisation(organisation);
      return ok({ organisation: presented, planSummary: { ...planSummary, plan: presented.plan } });
    },
  });

  defineRoute(app, api.edit, {
    access: ORGANISATION_ADMINS,
    ownOrganisation: true,
    handler: async (request) => {
      const organisation = await services.organisations.edit(
        request.principal!,
        request.body.organisationId,
        request.body.editObject,
      );
      return ok({ organisation: presentOrganisation(organisation) }, ORGANISATION_MESSAGES.updated);
    },
  });
  done();
};
