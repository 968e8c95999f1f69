import { z } from 'zod';
import { projectIdSchema } from './projects';

/*
 * Website delivery through the snippet (issue 8). Two kinds of calls:
 * - the dashboard's, named by the spec (§7 "Projects"): snippet/cache/clear, snippet/pop-up/css/update,
 *   snippet/pop-up/css/fetch;
 * - the visitor's browser's, made by bhasha.js on the customer's pages: public, CORS-enabled for
 *   the project's domains, under /api/delivery/{projectId}/… (docs/adr: snippet delivery API).
 */

export const DELIVERY_MESSAGES = {
  cacheCleared: 'Cache cleared successfully',
  popupCssUpdated: 'Pop-up CSS updated successfully',
  popupCssTooLong: 'The pop-up CSS may have at most 20000 characters',
  popupCssUnsafe:
    'The pop-up CSS may not contain markup (such as </style> or <script>), javascript: URLs, expression() or bindings',
  popupCssForeignUrl: 'The pop-up CSS may load files only from the project’s domains or data: URLs',
  originNotAllowed: 'This page’s domain is not one of the project’s domains',
  languageNotPublished: 'This language is not a language of the project',
  snippetNotBuilt: 'The snippet is not built yet: run npm run build',
  pageNotConfirmed: 'The page could not be fetched to confirm the reported content; nothing was added',
} as const;

/** Longest pop-up CSS a project may save. */
export const POPUP_CSS_MAX_LENGTH = 20_000;
/** Most segments in one new-content report. */
export const DELIVERY_MAX_REPORTED_SEGMENTS = 100;
/** Longest segment text a visitor's browser may report. */
export const DELIVERY_MAX_SEGMENT_TEXT = 5_000;

export const cacheClearQuerySchema = z.object({ projectId: projectIdSchema });

export const popupCssFetchRequestSchema = z.object({ projectId: projectIdSchema });
export const popupCssUpdateRequestSchema = z.object({
  projectId: projectIdSchema,
  css: z.string().max(POPUP_CSS_MAX_LENGTH, { error: DELIVERY_MESSAGES.popupCssTooLong }),
});
export const popupCssResponseSchema = z.object({ css: z.string() });

/** The snippet tag of a project, as the dashboard's integration card shows it. */
export function snippetTagOf(serverOrigin: string, projectId: string): string {
  return `<script src="${serverOrigin}/api/delivery/bhasha.js" data-project-id="${projectId}" defer></script>`;
}

export const deliveryParamsSchema = z.object({ projectId: projectIdSchema });

export const deliverySettingsSchema = z.object({
  sourceLanguage: z.string(),
  languages: z.array(z.string()),
  noTranslateSelectors: z.array(z.string()),
  ignorePatterns: z.array(z.string()),
  /** Selectors of inputs where the Swalekh keyboard is offered. */
  swalekhSelectors: z.array(z.string()),
  /** Root font size in CSS pixels per language code (custom-font-size). */
  customFontSizes: z.record(z.string(), z.number().int()),
  popupCss: z.string(),
});

export const deliveryTranslationsQuerySchema = z.object({ lang: z.string().min(1).max(16) });
export const deliveryTranslationsSchema = z.object({
  language: z.string(),
  /** Source hash → translated text, every translated segment of the project in that language. */
  translations: z.record(z.string(), z.string()),
});

export const reportedSegmentSchema = z.object({
  text: z.string().min(1).max(DELIVERY_MAX_SEGMENT_TEXT),
  kind: z.enum(['text', 'attribute', 'title', 'meta']),
});
export const reportSegmentsRequestSchema = z.object({
  url: z.url().max(2048),
  segments: z.array(reportedSegmentSchema).min(1).max(DELIVERY_MAX_REPORTED_SEGMENTS),
});
export const reportSegmentsResponseSchema = z.object({ accepted: z.number().int() });

export const countVisitRequestSchema = z.object({
  url: z.url().max(2048),
  language: z.string().min(1).max(16),
});
export const countVisitResponseSchema = z.object({ counted: z.boolean() });

/* /parser/verifyScriptIntegration (spec §7 "Scope and crawl"; levels of spec §4). */

export const SCRIPT_VERIFICATION_MESSAGES = {
  verified: 'The Bhasha script and this project’s id were found on the page',
  scriptOnly: 'The Bhasha script was found, but with another project id',
  notFound: 'The Bhasha script was not found on the page',
  urlNotInProject: 'This URL is not on one of the project’s domains',
  unreachable: 'The page could not be fetched',
} as const;

export const verifyScriptIntegrationRequestSchema = z.object({
  projectId: projectIdSchema,
  /** The domain to check (its origin's home page); absent: the project's primary domain. */
  domainId: z.uuid().optional(),
  /** A page to check instead of the home page; it must be on one of the project's domains. */
  url: z.url().max(2048).optional(),
});

export const domainVerificationSchema = z.object({
  domainId: z.string(),
  hostname: z.string(),
  /** 0 none, 1 script verified, 2 project id verified, 3 client verified (the snippet reported a visit). */
  verificationLevel: z.number().int().min(0).max(3),
  /** When the page was last checked (ISO time), or null. */
  checkedAt: z.string().nullable(),
});
export type DomainVerification = z.infer<typeof domainVerificationSchema>;

export const verifyScriptIntegrationResponseSchema = z.object({
  url: z.string(),
  scriptFound: z.boolean(),
  projectIdFound: z.boolean(),
  /** The checked domain, with its level after this check. */
  domain: domainVerificationSchema,
  /** Every domain of the project with its level. */
  domains: z.array(domainVerificationSchema),
});

export const domainVerificationsRequestSchema = z.object({ projectId: projectIdSchema });
export const domainVerificationsResponseSchema = z.object({ domains: z.array(domainVerificationSchema) });

/* Visitors' suggestions and feedback from the snippet (into the workspace's suggestion and feedback queues). */

/** Longest suggestion or feedback comment a visitor may send. */
export const VISITOR_TEXT_MAX_LENGTH = 2_000;

export const VISITOR_MESSAGES = {
  suggestionReceived: 'Thank you: your suggestion was sent',
  feedbackReceived: 'Thank you for your feedback',
  unknownSegment: 'This text is not part of the project',
  plainTextOnly: 'Please write plain text, without HTML tags',
  tooMany: 'Too many suggestions from this site right now; please try again later',
} as const;

const visitorTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(VISITOR_TEXT_MAX_LENGTH)
  // Visitors write plain text: anything that reads as a tag or comment is refused, never stored.
  .refine((text) => !/<[a-zA-Z/!?]/.test(text), { error: VISITOR_MESSAGES.plainTextOnly });
const visitorNameSchema = z
  .string()
  .trim()
  .max(200)
  .refine((text) => !/[<>]/.test(text), { error: VISITOR_MESSAGES.plainTextOnly })
  .optional();

export const visitorSuggestionRequestSchema = z.object({
  url: z.url().max(2048),
  language: z.string().min(1).max(16),
  sourceHash: z.string().regex(/^[0-9a-f]{64}$/),
  text: visitorTextSchema,
  suggestedBy: visitorNameSchema,
});
export const visitorSuggestionResponseSchema = z.object({ id: z.string() });

export const visitorFeedbackRequestSchema = z.object({
  url: z.url().max(2048),
  language: z.string().min(1).max(16),
  rating: z.number().int().min(1).max(5).optional(),
  comment: visitorTextSchema,
  sourceHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  createdBy: visitorNameSchema,
});
export const visitorFeedbackResponseSchema = z.object({ id: z.string() });
