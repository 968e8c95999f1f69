import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NMT_MESSAGES,
  ROLES,
  TERM_MESSAGES,
  transliterationRunRequestSchema,
  nmtApplyRequestSchema,
  nmtApplyResponseSchema,
  nmtEngineSetRequestSchema,
  nmtOrganisationEngineSetRequestSchema,
  nmtEnginesRequestSchema,
  nmtEnginesResponseSchema,
  nmtStatusRequestSchema,
  nmtUsageRequestSchema,
  nmtUsageResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';

const ORGANISATION_ADMINS = [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin] as const;
import { presentRun, presentUsage } from './machine-translation.presenter';

const tags = ['machine translation'];
const security = [{ token: [] }];

/** Machine translation calls (spec §7 /translation/nmt/apply and the calls its screens need). */
export const machineTranslationRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'machineTranslation'>;
}> = (app, { services }, done) => {
  const mt = services.machineTranslation;

  app.post(
    '/translation/nmt/apply',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Machine-translate segments as a background run (progress: nmt.updated on the project room)',
        body: nmtApplyRequestSchema,
        response: responses(nmtApplyResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const { run, created } = await mt.apply(request.principal!, request.body);
      return ok({ run: presentRun(run) }, created ? NMT_MESSAGES.accepted : NMT_MESSAGES.alreadyAccepted);
    },
  );

  app.post(
    '/transliteration/applyTransliteration/filter',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          "Transliterate every string of the editor's filter as a background run (progress: nmt.updated on the project room)",
        body: transliterationRunRequestSchema,
        response: responses(nmtApplyResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { run, created } = await mt.transliterateFilter(request.principal!, request.body);
      return ok(
        { run: presentRun(run) },
        created ? TERM_MESSAGES.transliterationAccepted : NMT_MESSAGES.alreadyAccepted,
      );
    },
  );

  app.post(
    '/translation/nmt/status',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'State of an NMT run by its requestId (failed runs carry the reason)',
        body: nmtStatusRequestSchema,
        response: responses(nmtApplyResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const run = await mt.status(request.principal!, request.body.projectId, request.body.requestId);
      return ok({ run: presentRun(run) });
    },
  );

  app.post(
    '/translation/nmt/engines',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "The server's machine translation engines (ids, labels, language pairs; no credentials)",
        body: nmtEnginesRequestSchema,
        response: responses(nmtEnginesResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await mt.engines(request.principal!, request.body.projectId)),
  );

  app.post(
    '/translation/nmt/engine/set',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "Set the project's default machine translation engine (null: the server's default)",
        body: nmtEngineSetRequestSchema,
        response: responses(z.object({}), 400, 403, 404),
      },
    },
    async (request) => {
      await mt.setProjectEngine(request.principal!, request.body.projectId, request.body.nmtService);
      return ok({}, NMT_MESSAGES.engineSaved);
    },
  );

  app.post(
    '/translation/nmt/engine/organisation/set',
    {
      config: { access: ORGANISATION_ADMINS, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          "Set the organisation's default machine translation engine (projects and calls may override; null: the server's)",
        body: nmtOrganisationEngineSetRequestSchema,
        response: responses(z.object({}), 400, 403, 404),
      },
    },
    async (request) => {
      await mt.setOrganisationEngine(
        request.principal!,
        request.body.organisationId,
        request.body.nmtService,
      );
      return ok({}, NMT_MESSAGES.engineSaved);
    },
  );

  app.post(
    '/translation/nmt/usage',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'NMT calls, characters and words per project, domain, month and engine',
        body: nmtUsageRequestSchema,
        response: responses(nmtUsageResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const rows = await mt.usage(request.principal!, request.body);
      const usage = rows.map(presentUsage);
      return ok({
        usage,
        totals: {
          nmtCalls: usage.reduce((sum, row) => sum + row.nmtCalls, 0),
          nmtCharacterCount: usage.reduce((sum, row) => sum + row.nmtCharacterCount, 0),
          nmtWordCount: usage.reduce((sum, row) => sum + row.nmtWordCount, 0),
        },
      });
    },
  );
  done();
};
