import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The health answer: the database kind and the roles this process runs. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  roles: z.array(z.string()),
});

/** Liveness and readiness for load balancers and orchestrators. */
export const healthEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/health',
    tags: ['system'],
    summary: 'Health check',
    response: healthResponseSchema,
  }),
};
