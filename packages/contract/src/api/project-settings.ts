import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { projectIdSchema } from './projects';

/*
 * Project delivery settings of spec §7 "Project settings": custom-font-size, no-translation-node
 * and swalekhIntegration (add, get, delete), each listed with ids and a totalCount (spec §3). The
 * snippet, the proxy and the crawler read them alike (docs/adr: project delivery settings).
 */

/** Entries one project may hold per list: each selector is tested against every element of every page. */
export const MAX_PROJECT_SETTING_ENTRIES = 200;
/** Longest CSS selector a project may save. */
export const MAX_SETTING_SELECTOR_LENGTH = 300;
/** Font sizes (CSS pixels on the page's root element) a project may choose per language. */
export const CUSTOM_FONT_SIZE_RANGE = { min: 8, max: 40 } as const;

export const PROJECT_SETTING_MESSAGES = {
  fontSizeSaved: 'Custom font size saved',
  fontSizeDeleted: 'Custom font sizes deleted',
  noTranslationNodeAdded: 'No-translation node added',
  noTranslationNodeDeleted: 'No-translation nodes deleted',
  swalekhNodeAdded: 'Swalekh integration node added',
  swalekhNodeDeleted: 'Swalekh integration nodes deleted',
  selectorExists: 'This selector is already in the list',
  selectorEmpty: 'Enter a CSS selector',
  selectorTooLong: `A selector may have at most ${MAX_SETTING_SELECTOR_LENGTH} characters`,
  selectorUnsupported:
    'Unsupported selector: use tags, #id, .class, [attribute] tests, descendant or child (>) combinators and commas',
  tooMany: `A project may have at most ${MAX_PROJECT_SETTING_ENTRIES} entries in this list`,
  fontSizeRange: `The font size must be a whole number of pixels from ${CUSTOM_FONT_SIZE_RANGE.min} to ${CUSTOM_FONT_SIZE_RANGE.max}`,
  languageNotInProject: 'This language is not a language of the project',
  notFound: 'These entries were not found',
} as const;

const pagingFields = {
  projectId: projectIdSchema,
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PROJECT_SETTING_ENTRIES).default(50),
};

/** A CSS selector as saved; the server also checks it parses in the segmenter's selector subset. */
export const settingSelectorSchema = z
  .string({ error: PROJECT_SETTING_MESSAGES.selectorEmpty })
  .trim()
  .min(1, { error: PROJECT_SETTING_MESSAGES.selectorEmpty })
  .max(MAX_SETTING_SELECTOR_LENGTH, { error: PROJECT_SETTING_MESSAGES.selectorTooLong });

export const deleteProjectSettingsRequestSchema = z.object({
  projectId: projectIdSchema,
  ids: z.array(z.string().trim().min(1).max(64)).min(1).max(MAX_PROJECT_SETTING_ENTRIES),
});
export const deleteProjectSettingsResponseSchema = z.object({ deleted: z.number().int() });

export const getProjectSettingsRequestSchema = z.object(pagingFields);

/* custom-font-size */

export const customFontSizeSchema = z
  .number({ error: PROJECT_SETTING_MESSAGES.fontSizeRange })
  .int({ error: PROJECT_SETTING_MESSAGES.fontSizeRange })
  .min(CUSTOM_FONT_SIZE_RANGE.min, { error: PROJECT_SETTING_MESSAGES.fontSizeRange })
  .max(CUSTOM_FONT_SIZE_RANGE.max, { error: PROJECT_SETTING_MESSAGES.fontSizeRange });

export const addCustomFontSizeRequestSchema = z.object({
  projectId: projectIdSchema,
  /** One size per language: adding a language that has one replaces it. */
  language: languageCodeSchema,
  fontSize: customFontSizeSchema,
});
export const customFontSizeItemSchema = z.object({
  /** Stable per language (a hash), so a delete names what the user saw. */
  id: z.string(),
  language: z.string(),
  fontSize: z.number().int(),
});
export type CustomFontSizeItem = z.infer<typeof customFontSizeItemSchema>;
export const customFontSizesResponseSchema = z.object({
  customFontSizes: z.array(customFontSizeItemSchema),
  totalCount: z.number().int(),
});

/* no-translation-node and swalekhIntegration: CSS selector lists */

export const addSelectorSettingRequestSchema = z.object({
  projectId: projectIdSchema,
  selector: settingSelectorSchema,
});
export const selectorSettingItemSchema = z.object({
  /** Stable for a selector's text (a hash). */
  id: z.string(),
  selector: z.string(),
});
export type SelectorSettingItem = z.infer<typeof selectorSettingItemSchema>;
export const noTranslationNodesResponseSchema = z.object({
  noTranslationNodes: z.array(selectorSettingItemSchema),
  totalCount: z.number().int(),
});
export const swalekhIntegrationsResponseSchema = z.object({
  swalekhIntegrations: z.array(selectorSettingItemSchema),
  totalCount: z.number().int(),
});
