import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ORGANISATION_MESSAGES,
  ROLES,
  organisationAllResponseSchema,
  organisationDetailsRequestSchema,
  organisationDetailsResponseSchema,
  organisationEditRequestSchema,
  organisationListRequestSchema,
  organisationListResponseSchema,
  organisationProgressResponseSchema,
  organisationSummarySchema,
} from '@bhasha/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { presentOrganisation } from './organisations.presenter';

const security: Record<string, string[]>[] = [{ token: [] }, { apikey: [] }];
const ORGANISATION_ADMINS = [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;

/** Organisation calls of spec §7 "Organisations". */
export const organisationsRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'organisations'> }> = (
  app,
  { services },
  done,
) => {
  app.get(
    '/organisation/progress',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['organisations'],
        summary:
          "The caller's organisation name and how far it has come (project, crawled content, translations, visits): the dashboard's first steps",
        security,
        response: responses(organisationProgressResponseSchema, 401),
      },
    },
    async (request) => ok({ progress: await services.organisations.progress(request.principal!) }),
  );

  app.post(
    '/organisation/list',
    {
      config: { access: [ROLES.superAdmin] },
      schema: {
        tags: ['organisations'],
        summary: 'A page of organisations (super admins)',
        security,
        body: organisationListRequestSchema,
        response: responses(organisationListResponseSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const { rows, total } = await services.organisations.list(request.principal!, request.body);
      return ok({ organisations: rows.map(presentOrganisation), totalOrganisations: total });
    },
  );

  app.post(
    '/organisation/all',
    {
      config: { access: [ROLES.superAdmin] },
      schema: {
        tags: ['organisations'],
        summary: 'Every organisation by name (super admins; choosers)',
        security,
        response: responses(organisationAllResponseSchema, 401, 403),
      },
    },
    async (request) => ok({ organisations: await services.organisations.listNames(request.principal!) }),
  );

  app.post(
    '/organisation/details',
    {
      config: { access: ORGANISATION_ADMINS, ownOrganisation: true },
      schema: {
        tags: ['organisations'],
        summary: 'An organisation with its plan summary; another organisation answers 404',
        security,
        body: organisationDetailsRequestSchema,
        response: responses(organisationDetailsResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { organisation, planSummary } = await services.organisations.getDetails(
        request.principal!,
        request.body.organisationId,
      );
      const presented = presentOrganisation(organisation);
      return ok({ organisation: presented, planSummary: { ...planSummary, plan: presented.plan } });
    },
  );

  app.post(
    '/organisation/edit',
    {
      config: { access: ORGANISATION_ADMINS, ownOrganisation: true },
      schema: {
        tags: ['organisations'],
        summary:
          'Edit an organisation: name, website, details; plan and parliament workspace by super admins',
        security,
        body: organisationEditRequestSchema,
        response: responses(z.object({ organisation: organisationSummarySchema }), 400, 401, 403, 404),
      },
    },
    async (request) => {
      const organisation = await services.organisations.edit(
        request.principal!,
        request.body.organisationId,
        request.body.editObject,
      );
      return ok({ organisation: presentOrganisation(organisation) }, ORGANISATION_MESSAGES.updated);
    },
  );
  done();
};
