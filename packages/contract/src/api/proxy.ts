import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { projectIdSchema } from './projects';

/**
 * The translating proxy's dashboard calls (spec §7 "Scope and crawl"): /scope/getPreviewUrl,
 * scope/addUrlTranslations, scope/updateTranslatedUrl. The visitor side (translated pages,
 * previews, sitemaps) is not under /api (ADR 0017).
 */

export const PROXY_MESSAGES = {
  previewCreated: 'Preview link created',
  urlTranslationsSaved: 'URL translations saved successfully',
  urlTranslationUpdated: 'Translated URL updated successfully',
  urlNotInProject: 'This URL is not on one of the project’s domains',
  translatedUrlInvalid: 'A translated URL must be a path such as /es/sobre-nosotros',
  translatedUrlTaken: 'Another page of this language already uses this translated URL',
  sourceLanguageHasNoTranslation: 'The source language has no translated URLs or previews',
} as const;

const MAX_URL = 2048;
/** A page of the project: an absolute URL, or a path on its primary domain. */
const pageUrlSchema = z.string().trim().min(1).max(MAX_URL);
/** A translated URL: a path (`/es/sobre-nosotros`) or an absolute URL whose path is used. */
const translatedUrlSchema = z.string().trim().min(1).max(MAX_URL);

export const previewUrlRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  /** The page to open; default: the project's home page. */
  url: pageUrlSchema.optional(),
});
export const previewUrlResponseSchema = z.object({
  previewUrl: z.string(),
  /** ISO time after which the link stops working. */
  expiresAt: z.string(),
});

export const urlTranslationSchema = z.object({
  id: z.string(),
  targetLang: z.string(),
  /** Path of the source page. */
  url: z.string(),
  /** Path visitors see in the language. */
  translatedUrl: z.string(),
});

export const addUrlTranslationsRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  urlTranslations: z
    .array(z.object({ url: pageUrlSchema, translatedUrl: translatedUrlSchema }))
    .min(1)
    .max(1000),
});
export const updateTranslatedUrlRequestSchema = z.object({
  projectId: projectIdSchema,
  targetLang: languageCodeSchema,
  url: pageUrlSchema,
  /** The new translated URL; empty removes the translation (the page keeps its source path). */
  translatedUrl: z.string().trim().max(MAX_URL),
});
/** scope/getUrlTranslations: the translated URL slugs stored for a project, one language or all. */
export const urlTranslationsRequestSchema = z.object({
  projectId: projectIdSchema,
  /** One language; absent: every language of the project. */
  targetLang: languageCodeSchema.optional(),
});
export const urlTranslationsResponseSchema = z.object({
  urlTranslations: z.array(urlTranslationSchema),
  total: z.number().int(),
});

/*
 * Domain ownership (ADR 0028): the proxy serves a host only for the one project that proved it
 * controls it, by a DNS TXT record or a file under /.well-known/. Previews need no proof.
 */

export const DOMAIN_OWNERSHIP_MESSAGES = {
  verified: 'Domain verified: the translating proxy now serves it',
  alreadyVerified: 'This domain is already verified for this project',
  notFound: 'Neither the DNS record nor the verification file was found',
  taken: 'This domain is verified by another project',
  notWebsite: 'Only website projects have domains to verify',
} as const;

/** The DNS name of the TXT record, under the domain's host. */
export const DOMAIN_OWNERSHIP_RECORD_PREFIX = '_bhasha-verify';
/** The file's path on the domain. */
export const DOMAIN_OWNERSHIP_FILE_PATH = '/.well-known/bhasha-verification.txt';
/** What the TXT record or the file says: this text followed by the project's token for the domain. */
export const DOMAIN_OWNERSHIP_VALUE_PREFIX = 'bhasha-verification=';

export const DOMAIN_OWNERSHIP_STATUSES = ['verified', 'pending', 'taken'] as const;
export type DomainOwnershipStatus = (typeof DOMAIN_OWNERSHIP_STATUSES)[number];

export const domainOwnershipSchema = z.object({
  domainId: z.string(),
  hostname: z.string(),
  /** verified: the proxy serves it for this project; pending: not proved yet; taken: another project verified it. */
  status: z.enum(DOMAIN_OWNERSHIP_STATUSES),
  /** `_bhasha-verify.{hostname}`: where the TXT record goes. */
  recordName: z.string(),
  /** `bhasha-verification={token}`: the TXT record's value, and the file's content. */
  recordValue: z.string(),
  /** `{origin}/.well-known/bhasha-verification.txt`: where the file goes instead. */
  fileUrl: z.string(),
  /** `dns` or `file`: how the proof was last found. */
  method: z.enum(['dns', 'file']).nullable(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** Why the last check failed (it stays verified until the re-checks keep failing). */
  lastError: z.string().nullable(),
});
export type DomainOwnership = z.infer<typeof domainOwnershipSchema>;

export const domainOwnershipListRequestSchema = z.object({ projectId: projectIdSchema });
export const domainOwnershipListResponseSchema = z.object({ domains: z.array(domainOwnershipSchema) });
export const domainOwnershipVerifyRequestSchema = z.object({
  projectId: projectIdSchema,
  domainId: z.uuid(),
});
export const domainOwnershipVerifyResponseSchema = z.object({ domain: domainOwnershipSchema });
