import { z } from 'zod';
import { ORGANISATION_PLAN_VALUES } from '../constants/auth';
import { VALIDATION_MESSAGES } from '../constants/messages';
import { isValidWebsiteUrl, normaliseWebsiteUrl } from '../validation/auth-fields';

/** Request and response schemas of spec §7 "Organisations". */

export const ORGANISATION_MESSAGES = {
  updated: 'Organisation updated successfully',
  nameRequired: 'Please input the organisation name!',
  planChangeNotAllowed: 'Only a super admin can change the plan',
  organisationIdRequired: 'organisationId is required',
} as const;

const MAX_SEARCH = 200;

/** What a plan allows, shown on the organisation settings page. */
export const planSummarySchema = z.object({
  plan: z.enum(ORGANISATION_PLAN_VALUES),
  parliamentWorkspace: z.boolean(),
  /** Users besides the admin; null when unlimited. */
  maxCollaborators: z.number().int().nullable(),
  userCount: z.number().int(),
});

export const organisationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(ORGANISATION_PLAN_VALUES),
  parliamentWorkspace: z.boolean(),
  website: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

/** POST /api/organisation/list (super admins): a page of organisations. */
export const organisationListRequestSchema = z.object({
  search: z.string().trim().max(MAX_SEARCH).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const organisationListResponseSchema = z.object({
  organisations: z.array(organisationSummarySchema),
  totalOrganisations: z.number().int(),
});
export type OrganisationListResponse = z.infer<typeof organisationListResponseSchema>;

/** POST /api/organisation/all: every organisation, by name (choosers). */
export const organisationAllResponseSchema = z.object({
  organisations: z.array(z.object({ id: z.string(), name: z.string() })),
});

const organisationIdField = z.uuid({ error: ORGANISATION_MESSAGES.organisationIdRequired });

/** POST /api/organisation/details {organisationId}. */
export const organisationDetailsRequestSchema = z.object({ organisationId: organisationIdField });
export const organisationDetailsResponseSchema = z.object({
  organisation: organisationSummarySchema,
  planSummary: planSummarySchema,
});
export type OrganisationDetailsResponse = z.infer<typeof organisationDetailsResponseSchema>;

/** POST /api/organisation/edit {organisationId, editObject}; plan fields are for super admins. */
export const organisationEditRequestSchema = z.object({
  organisationId: organisationIdField,
  editObject: z
    .object({
      name: z
        .string({ error: ORGANISATION_MESSAGES.nameRequired })
        .trim()
        .min(1, { error: ORGANISATION_MESSAGES.nameRequired })
        .max(200)
        .optional(),
      website: z
        .string()
        .trim()
        .max(2048)
        .transform((v) => (v === '' ? null : normaliseWebsiteUrl(v)))
        .refine((v) => v === null || isValidWebsiteUrl(v), { error: VALIDATION_MESSAGES.urlInvalid })
        .nullable()
        .optional(),
      details: z.string().trim().max(2000).nullable().optional(),
      plan: z.enum(ORGANISATION_PLAN_VALUES).optional(),
      parliamentWorkspace: z.boolean().optional(),
    })
    .strict(),
});
export type OrganisationEditRequest = z.input<typeof organisationEditRequestSchema>;

/** GET /api/organisation/progress: the caller's organisation name and its "Get started" steps. */
export const organisationProgressSchema = z.object({
  organisationName: z.string().nullable(),
  hasProject: z.boolean(),
  hasContent: z.boolean(),
  hasTranslations: z.boolean(),
  hasVisits: z.boolean(),
});
export type OrganisationProgress = z.infer<typeof organisationProgressSchema>;
export const organisationProgressResponseSchema = z.object({ progress: organisationProgressSchema });
