import { z } from 'zod';
import { ROLE_VALUES } from '../constants/roles';

/** The signed-in user as the login and token-check responses carry it (spec §3 User). */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLE_VALUES),
  organisationId: z.string().nullable(),
  /** Null without an apikey; otherwise only its visible prefix: the full key is shown once, at creation. */
  apikey: z.string().nullable(),
  contractAgreed: z.boolean(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/user/check/?timestamp={ms}: verifies the token, answers data.user. */
export const userCheckQuerySchema = z.object({ timestamp: z.coerce.number().int().nonnegative().optional() });
export const userCheckResponseSchema = z.object({ user: sessionUserSchema });
