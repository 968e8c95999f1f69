import {
  addIgnorePatternRequestSchema,
  deleteIgnorePatternsRequestSchema,
  deleteIgnorePatternsResponseSchema,
  fetchIgnorePatternsRequestSchema,
  ignorePatternItemSchema,
  ignorePatternsResponseSchema,
} from '../api/ignore-patterns';
import { TOKEN_ONLY, defineEndpoint } from './endpoint';

const common = { tags: ['project settings'], security: TOKEN_ONLY } as const;

/** Ignore patterns of a project (spec §7 "Ignore patterns"). */
export const ignorePatternEndpoints = {
  add: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/ignore-pattern/add',
    summary: 'Add an ignore pattern: exact text, or `/regex/flags` (checked: compiles, no nested repetition)',
    request: addIgnorePatternRequestSchema,
    response: ignorePatternItemSchema,
    failures: [400, 404, 409],
  }),
  list: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/ignore-pattern/fetchIgnorePatterns',
    summary: "A project's ignore patterns, paged, with their total",
    request: fetchIgnorePatternsRequestSchema,
    response: ignorePatternsResponseSchema,
    failures: [400, 404],
  }),
  remove: defineEndpoint({
    ...common,
    method: 'POST',
    path: '/ignore-pattern/deleteIgnorePatterns',
    summary: 'Delete ignore patterns by id',
    request: deleteIgnorePatternsRequestSchema,
    response: deleteIgnorePatternsResponseSchema,
    failures: [400, 404],
  }),
};
