import type { z } from 'zod';
import { envelopeOf, failureSchema } from '@bhasha/contract';

type FailureStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502;

/**
 * Response schemas of a route for OpenAPI: the success envelope around `data`, and the failed
 * envelope for each error status the route documents.
 */
export function responses<T extends z.ZodType, S extends FailureStatus>(
  data: T,
  ...failureStatuses: S[]
): { 200: ReturnType<typeof envelopeOf<T>> } & Record<S, typeof failureSchema> {
  const schemas: Record<number, z.ZodType> = { 200: envelopeOf(data) };
  for (const status of failureStatuses) schemas[status] = failureSchema;
  return schemas as { 200: ReturnType<typeof envelopeOf<T>> } & Record<S, typeof failureSchema>;
}
