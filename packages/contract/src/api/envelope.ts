import { z } from 'zod';
import { ERROR_CODES, TIME_TRAVEL_FLAG, type ErrorCode } from './envelope-constants';

/*
 * The envelope's zod schemas; its codes, types and helpers are in `./envelope-constants` (re-exported
 * here and by the package), which does not load zod.
 */
export * from './envelope-constants';

/** Builds the zod schema of a successful envelope around a data schema. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

/** Schema of any failed envelope, for OpenAPI documentation of error answers. */
export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  type: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).optional(),
  data: z.unknown().optional(),
  flag: z.literal(TIME_TRAVEL_FLAG).optional(),
  code: z.number().optional(),
  name: z.string().optional(),
});
