import { z } from 'zod';
import { languageCodeSchema } from '../constants/languages';
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
