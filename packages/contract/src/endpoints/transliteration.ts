import {
  applyTransliterationRequestSchema,
  applyTransliterationResponseSchema,
  termDeleteRequestSchema,
  termDeleteResponseSchema,
  termUploadResponseSchema,
  transliterationGetRequestSchema,
  transliterationListResponseSchema,
  transliterationSuggestRequestSchema,
  transliterationSuggestResponseSchema,
} from '../api/machine-translation';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['transliteration'], security: TOKEN_ONLY } as const;

/** Custom transliteration pairs and suggestions (spec §7 "Transliteration"). */
export const transliterationEndpoints = {
  upload: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliteration',
    summary:
      'Upload custom transliteration pairs (multipart: projectId, optional targetLang, file = CSV with source, target, targetLang)',
    consumes: ['multipart/form-data'],
    response: termUploadResponseSchema,
    failures: [400, 404],
  }),
  list: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliteration/get',
    summary: 'Custom transliteration pairs of a project, paged',
    request: transliterationGetRequestSchema,
    response: transliterationListResponseSchema,
    failures: [400, 404],
  }),
  remove: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliteration/delete',
    summary: 'Delete custom transliteration pairs (all of the project when no ids are given)',
    request: termDeleteRequestSchema,
    response: termDeleteResponseSchema,
    failures: [400, 404],
  }),
  suggest: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliteration/suggest',
    summary:
      'Ranked native-script candidates for a word typed in Roman letters (phonetic keyboard); custom pairs first',
    request: transliterationSuggestRequestSchema,
    response: transliterationSuggestResponseSchema,
    failures: [400, 404],
  }),
  apply: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/transliteration/applyTransliteration',
    summary: 'Transliterate selected segments with the built-in engine (display type t13n)',
    request: applyTransliterationRequestSchema,
    response: applyTransliterationResponseSchema,
    failures: [400, 404],
  }),
};
