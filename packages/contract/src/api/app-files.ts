import { z } from 'zod';
import { languageCodeSchema } from '../constants/language-code-schema';
import { projectIdSchema } from './projects';

/*
 * String files of mobile-app projects (spec §7 "Translation": stringxmlFileurls,
 * xmlFileTranslation, mobileTranslationResync, getStringxmlFilePathByLanguage,
 * mobileLanguageAddition). A file is uploaded in the project's source language; each of its
 * strings becomes a segment of the project (the editor, TM, MT and orders work on them as on
 * website segments); an export writes the source file back with only the translated text
 * replaced. ADR 0048.
 */

/** Formats a string file can be in (the engine's resource codecs). */
export const APP_FILE_FORMAT_VALUES = ['android', 'ios-strings', 'stringsdict', 'xcstrings', 'json'] as const;
export type AppFileFormat = (typeof APP_FILE_FORMAT_VALUES)[number];

/** File names an upload takes: one string file, or a zip of a `res/` tree or of `.lproj` folders. */
export const APP_FILE_EXTENSIONS = [
  '.xml',
  '.strings',
  '.stringsdict',
  '.xcstrings',
  '.json',
  '.zip',
] as const;
/** Largest upload, in bytes (a zip counts compressed; its members are bounded apart). */
export const MAX_APP_FILE_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Segment ids one `appFiles/units` call may name (an editor page). */
export const MAX_APP_UNIT_LOOKUP = 500;

/** What an export writes for a string without a translation. */
export const APP_FILE_MISSING_VALUES = ['source', 'omit'] as const;
export type AppFileMissing = (typeof APP_FILE_MISSING_VALUES)[number];

export const APP_FILE_MESSAGES = {
  fileRequired:
    'Choose a string file (strings.xml, .strings, .stringsdict, .xcstrings, .json) or a zip of them',
  wrongFile:
    'Bhasha reads Android strings.xml, iOS .strings, .stringsdict and .xcstrings, JSON and zip files',
  tooLarge: 'The file is larger than 20 MB',
  notMobileProject: 'String files belong to mobile app projects',
  noStrings: 'The file holds no translatable string',
  fileNotFound: 'No such file in this project',
  languageNotInProject: 'The project does not translate into this language',
  pathExtension: 'The path must end with the extension of the uploaded file',
  projectMismatch: 'The form and the address name different projects',
  uploadRace: 'Another upload of this file was stored at the same time: upload again',
  badPath: 'The path must be relative to the app: no leading /, no .. and no backslash',
} as const;

/** A path inside the app's repository: it names zip members on export, so it may not climb out. */
function isRelativeAppPath(path: string): boolean {
  return (
    !path.startsWith('/') &&
    !path.includes('\\') &&
    !path.split('/').some((part) => part === '..' || part === '')
  );
}

const fileIdSchema = z.uuid();

/** A target language's progress on one file. */
export const appFileLanguageSchema = z.object({
  language: z.string(),
  /** Strings of the file with a translation in the language. */
  translatedCount: z.number().int(),
  /** Translated strings whose source changed since: still exported, marked for review. */
  reviewCount: z.number().int(),
  totalCount: z.number().int(),
  /** Where the file goes in the app for this language (`res/values-hi/strings.xml`, `hi.lproj/…`). */
  exportPath: z.string(),
});

export const appFileSchema = z.object({
  fileId: z.string(),
  /** Path in the app's repository, source language (`app/src/main/res/values/strings.xml`). */
  path: z.string(),
  format: z.enum(APP_FILE_FORMAT_VALUES),
  /** 1 for the first upload, +1 for each new version. */
  version: z.number().int(),
  stringCount: z.number().int(),
  wordCount: z.number().int(),
  updatedAt: z.string(),
  languages: z.array(appFileLanguageSchema),
});
export type AppFile = z.infer<typeof appFileSchema>;

/** Upload (multipart): `projectId`, optional `path` (the file's path in the repository), `file`. */
export const appFileUploadFieldsSchema = z.object({
  projectId: projectIdSchema,
  path: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine(isRelativeAppPath, { error: APP_FILE_MESSAGES.badPath })
    .optional(),
});

/**
 * The project named again in the address of an upload (`?projectId=`): an API key restricted to
 * one project is checked against it before the form is read. Optional; when given, the form's
 * `projectId` may be left out and must otherwise be the same.
 */
export const appFileUploadQuerySchema = z.object({ projectId: projectIdSchema.optional() });

/** Resync (multipart): `projectId`, `fileId`, `file` (a new version of that file). */
export const appFileResyncFieldsSchema = z.object({ projectId: projectIdSchema, fileId: fileIdSchema });

/** What storing an upload or a new version did. */
export const appFileUploadResultSchema = z.object({
  files: z.array(appFileSchema),
  /** Strings new to the files (New Content), changed (old translation kept, marked for review), unchanged, removed. */
  added: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  /** Words of the new and changed strings. */
  newWordCount: z.number().int(),
  /** Translations found beside the source (`values-hi/`, `hi.lproj/`, a catalog's languages) stored as USER translations. */
  importedTranslations: z.number().int(),
  warnings: z.array(z.string()),
});
export type AppFileUploadResult = z.infer<typeof appFileUploadResultSchema>;

export const appFileListRequestSchema = z.object({ projectId: projectIdSchema });
export const appFileListResponseSchema = z.object({ files: z.array(appFileSchema) });

/**
 * Export: one file in one language (`fileId` and `targetLang`), every file of one language
 * (`targetLang`: a zip), or every file in every language (neither: a zip). The answer is the file
 * itself; a zip holds the files at their export paths.
 */
export const appFileExportRequestSchema = z.object({
  projectId: projectIdSchema,
  fileId: fileIdSchema.optional(),
  targetLang: languageCodeSchema.optional(),
  /** Default: the project's setting (`source` unless changed). */
  missing: z.enum(APP_FILE_MISSING_VALUES).optional(),
});
export type AppFileExportRequest = z.input<typeof appFileExportRequestSchema>;

export const appLanguageAdditionRequestSchema = z.object({
  projectId: projectIdSchema,
  languages: z.array(languageCodeSchema).min(1).max(50),
});
export const appLanguageAdditionResponseSchema = z.object({
  /** The project's target languages after the call. */
  targetLanguages: z.array(z.string()),
  /** Strings of the new languages filled from the organisation's translation memory. */
  prefilled: z.number().int(),
});

/** Editor context of segments: the keys and files a segment comes from. */
export const appUnitLookupRequestSchema = z.object({
  projectId: projectIdSchema,
  segmentIds: z.array(z.uuid()).min(1).max(MAX_APP_UNIT_LOOKUP),
});
export const appUnitSchema = z.object({
  segmentId: z.string(),
  key: z.string(),
  filePath: z.string(),
  comment: z.string().nullable(),
  maxLength: z.number().int().nullable(),
  plural: z.boolean(),
  /** Further keys (in any file) with the same source text, translated together. */
  otherKeyCount: z.number().int(),
});
export type AppUnit = z.infer<typeof appUnitSchema>;
export const appUnitLookupResponseSchema = z.object({ units: z.array(appUnitSchema) });

export const appFileVersionsRequestSchema = z.object({ projectId: projectIdSchema, fileId: fileIdSchema });
export const appFileVersionSchema = z.object({
  version: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
  stringCount: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
});
export const appFileVersionsResponseSchema = z.object({ versions: z.array(appFileVersionSchema) });

export const appFileDeleteRequestSchema = z.object({ projectId: projectIdSchema, fileId: fileIdSchema });
export const appFileDeleteResponseSchema = z.object({ deleted: z.literal(true) });
