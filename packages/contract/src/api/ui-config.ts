import { z } from 'zod';

/** UI configuration served by GET /api/auth/fetchUIEndpoints (spec §3 uiConfig). */
export const uiConfigSchema = z.object({
  axiosBaseUrl: z.string(),
  uiUrl: z.string(),
  swalekhUrl: z.string(),
  keyboard: z.string(),
  keyboardMode: z.string(),
  renderBaseUrl: z.string(),
  renderSubDomain: z.string(),
  /** The string "true" or "false": the spec's client compares it with the string true. */
  mailerServiceEnabled: z.enum(['true', 'false']),
});

export type UiConfig = z.infer<typeof uiConfigSchema>;
