import { z } from 'zod';
import {
  organisationAllResponseSchema,
  organisationDetailsRequestSchema,
  organisationDetailsResponseSchema,
  organisationEditRequestSchema,
  organisationListRequestSchema,
  organisationListResponseSchema,
  organisationProgressResponseSchema,
  organisationSummarySchema,
} from '../api/organisations';
import { TOKEN_OR_APIKEY, defineEndpoint } from './endpoint';

const common = { tags: ['organisations'], security: TOKEN_OR_APIKEY } as const;

/** Organisation calls of spec §7 "Organisations". */
export const organisationEndpoints = {
  progress: defineEndpoint({
    ...common,
    method: 'GET',
    path: '/organisation/progress',
    summary:
      "The caller's organisation name and how far it has come (project, crawled content, translations, visits): the dashboard's first steps",
    response: organisationProgressResponseSchema,
    failures: [401],
  }),
  list: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/organisation/list',
    summary: 'A page of organisations (super admins)',
    request: organisationListRequestSchema,
    response: organisationListResponseSchema,
    failures: [400, 401, 403],
  }),
  all: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/organisation/all',
    summary: 'Every organisation by name (super admins; choosers)',
    response: organisationAllResponseSchema,
    failures: [401, 403],
  }),
  details: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/organisation/details',
    summary: 'An organisation with its plan summary; another organisation answers 404',
    request: organisationDetailsRequestSchema,
    response: organisationDetailsResponseSchema,
    failures: [400, 401, 403, 404],
  }),
  edit: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/organisation/edit',
    summary: 'Edit an organisation: name, website, details; plan and parliament workspace by super admins',
    request: organisationEditRequestSchema,
    response: z.object({ organisation: organisationSummarySchema }),
    failures: [400, 401, 403, 404],
  }),
};
