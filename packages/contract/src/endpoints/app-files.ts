import {
  appFileDeleteRequestSchema,
  appFileDeleteResponseSchema,
  appFileExportRequestSchema,
  appFileListRequestSchema,
  appFileListResponseSchema,
  appFileUploadQuerySchema,
  appFileUploadResultSchema,
  appFileVersionsRequestSchema,
  appFileVersionsResponseSchema,
  appLanguageAdditionRequestSchema,
  appLanguageAdditionResponseSchema,
  appUnitLookupRequestSchema,
  appUnitLookupResponseSchema,
} from '../api/app-files';
import { TOKEN_OR_APIKEY, defineEndpoint } from './endpoint';

// The CLI pushes and pulls these with an organisation API key.
const common = { tags: ['mobile apps'], security: TOKEN_OR_APIKEY } as const;

/** String files of mobile-app projects (spec §7 "Translation"; ADR 0048). */
export const appFileEndpoints = {
  upload: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/xmlFileTranslation',
    summary:
      'Upload string files (multipart: projectId, optional path, file = strings.xml, .strings, .stringsdict, .xcstrings, .json or a zip of them); a file already in the project becomes its new version',
    consumes: ['multipart/form-data'],
    query: appFileUploadQuerySchema,
    response: appFileUploadResultSchema,
    failures: [400, 404, 409],
  }),
  resync: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/mobileTranslationResync',
    summary:
      'A new version of one file (multipart: projectId, fileId, file): new strings become New Content, changed ones keep their translation marked for review, removed ones leave the export',
    consumes: ['multipart/form-data'],
    query: appFileUploadQuerySchema,
    response: appFileUploadResultSchema,
    failures: [400, 404, 409],
  }),
  list: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/stringxmlFileurls',
    summary: 'The project’s string files with each target language’s progress and export path',
    request: appFileListRequestSchema,
    response: appFileListResponseSchema,
    failures: [400, 404],
  }),
  export: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/getStringxmlFilePathByLanguage',
    summary:
      'Download translated files: one file in one language, every file of a language (zip), or every language (zip)',
    request: appFileExportRequestSchema,
    produces: ['application/octet-stream', 'application/zip'],
    failures: [400, 404],
  }),
  addLanguages: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/mobileLanguageAddition',
    summary:
      'Add target languages to a mobile project, pre-filled from the organisation’s translation memory',
    request: appLanguageAdditionRequestSchema,
    response: appLanguageAdditionResponseSchema,
    failures: [400, 404],
  }),
  units: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/appFiles/units',
    summary: 'Keys, files, comments and length limits of segments (the editor’s context panel)',
    request: appUnitLookupRequestSchema,
    response: appUnitLookupResponseSchema,
    failures: [400, 404],
  }),
  versions: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/appFiles/versions',
    summary: 'Every uploaded version of a file, newest first',
    request: appFileVersionsRequestSchema,
    response: appFileVersionsResponseSchema,
    failures: [400, 404],
  }),
  remove: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/translation/appFiles/delete',
    summary: 'Remove a file from the project (its strings stay in the translation memory)',
    request: appFileDeleteRequestSchema,
    response: appFileDeleteResponseSchema,
    failures: [400, 404],
  }),
};
