import {
  feedbackCsvRequestSchema,
  feedbackGetRequestSchema,
  feedbackListResponseSchema,
  suggestionAcceptRequestSchema,
  suggestionAcceptResponseSchema,
  suggestionDownloadRequestSchema,
  suggestionFilterRequestSchema,
  suggestionListResponseSchema,
  suggestionRejectRequestSchema,
  suggestionRejectResponseSchema,
  suggestionUploadResponseSchema,
} from '../api/translation';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['suggestions'], security: TOKEN_ONLY, method: 'POST' } as const;

/** Visitors' suggestions and feedback (spec §7). */
export const suggestionEndpoints = {
  filter: defineEndpoint({
    ...common,
    path: '/suggestion/filter',
    summary: "Visitors' suggestions, paged, by language, status and text",
    request: suggestionFilterRequestSchema,
    response: suggestionListResponseSchema,
    failures: [400, 404],
  }),
  accept: defineEndpoint({
    ...common,
    path: '/suggestion/accept',
    summary: 'Accept a suggestion: it becomes the USER translation with a revision',
    request: suggestionAcceptRequestSchema,
    response: suggestionAcceptResponseSchema,
    failures: [400, 404, 409],
  }),
  reject: defineEndpoint({
    ...common,
    path: '/suggestion/reject',
    summary: 'Reject open suggestions',
    request: suggestionRejectRequestSchema,
    response: suggestionRejectResponseSchema,
    failures: [400, 404, 409],
  }),
  download: defineEndpoint({
    ...common,
    path: '/suggestion/download',
    summary: 'Download suggestions as suggestionReport.csv',
    request: suggestionDownloadRequestSchema,
    produces: ['text/csv'],
  }),
  upload: defineEndpoint({
    ...common,
    path: '/suggestion/upload',
    summary: 'Upload suggestionReport.csv with accept/reject in the action column',
    consumes: ['multipart/form-data'],
    response: suggestionUploadResponseSchema,
    failures: [400, 404],
  }),
  feedback: defineEndpoint({
    ...common,
    path: '/feedback/get',
    summary: "Visitors' feedback, paged",
    request: feedbackGetRequestSchema,
    response: feedbackListResponseSchema,
    failures: [400, 404],
  }),
  feedbackCsv: defineEndpoint({
    ...common,
    path: '/feedback/csv/get',
    summary: 'Download feedback as feedbackReport.csv',
    request: feedbackCsvRequestSchema,
    produces: ['text/csv'],
  }),
};
