import { z } from 'zod';
import { ignorePatternSchema } from '../validation/ignore-pattern';
import { projectIdSchema } from './projects';

/* ignore-pattern calls of spec §7 "Project settings": add, fetchIgnorePatterns, deleteIgnorePatterns. */

/** Ignore patterns one project may hold: each one runs against every segment of every page. */
export const MAX_IGNORE_PATTERNS = 200;

export const IGNORE_PATTERN_RESULT_MESSAGES = {
  added: 'Ignore pattern added',
  deleted: 'Ignore patterns deleted',
  exists: 'This ignore pattern already exists',
  tooMany: `A project may have at most ${MAX_IGNORE_PATTERNS} ignore patterns`,
  notFound: 'These ignore patterns were not found',
} as const;

export const addIgnorePatternRequestSchema = z.object({
  projectId: projectIdSchema,
  pattern: ignorePatternSchema,
});

export const fetchIgnorePatternsRequestSchema = z.object({
  projectId: projectIdSchema,
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_IGNORE_PATTERNS).default(50),
});

export const ignorePatternItemSchema = z.object({
  /** Stable for a pattern's text (a hash), so a delete names exactly what the user saw. */
  id: z.string(),
  pattern: z.string(),
  /** True for `/source/flags`, false for exact text. */
  isRegex: z.boolean(),
});
export type IgnorePatternItem = z.infer<typeof ignorePatternItemSchema>;

export const ignorePatternsResponseSchema = z.object({
  ignorePatterns: z.array(ignorePatternItemSchema),
  totalCount: z.number().int(),
});

export const deleteIgnorePatternsRequestSchema = z.object({
  projectId: projectIdSchema,
  ids: z.array(z.string().trim().min(1).max(64)).min(1).max(MAX_IGNORE_PATTERNS),
});
export const deleteIgnorePatternsResponseSchema = z.object({ deleted: z.number().int() });
