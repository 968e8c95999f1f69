import {
  glossaryCsvRequestSchema,
  glossaryGetRequestSchema,
  glossaryListResponseSchema,
  termDeleteRequestSchema,
  termDeleteResponseSchema,
  termUploadResponseSchema,
} from '../api/machine-translation';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['project settings'], security: TOKEN_ONLY } as const;

/** Mask terms: words kept as they are in transliteration (spec §7 "Transliteration glossary"). */
export const glossaryEndpoints = {
  upload: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliterationGlossary/create',
    summary:
      'Upload mask terms (multipart: projectId, file = CSV with term, action, translation, targetLang, caseSensitive)',
    consumes: ['multipart/form-data'],
    response: termUploadResponseSchema,
    failures: [400, 404],
  }),
  list: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliterationGlossary/get',
    summary: 'Mask terms of a project, paged',
    request: glossaryGetRequestSchema,
    response: glossaryListResponseSchema,
    failures: [400, 404],
  }),
  remove: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliterationGlossary/delete',
    summary: 'Delete mask terms (all of the project when no ids are given)',
    request: termDeleteRequestSchema,
    response: termDeleteResponseSchema,
    failures: [400, 404],
  }),
  csv: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliterationGlossary/csv/get',
    summary: 'Download the mask terms as maskTermsList.csv',
    produces: ['text/csv'],
    request: glossaryCsvRequestSchema,
  }),
};
