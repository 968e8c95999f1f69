import { z } from 'zod';

/**
 * Organisation API keys for machines (CI pipelines, the `bhasha` CLI) and their audit log
 * (ADR 0042). Only organisation admins signed in as themselves manage keys.
 */

/** What a key may do: `read` calls that change nothing, `write` changes, `admin` organisation admin calls. */
export const API_KEY_SCOPES = { read: 'read', write: 'write', admin: 'admin' } as const;
/** One scope of an organisation API key. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[keyof typeof API_KEY_SCOPES];
/** The scopes, weakest first: each includes the ones before it. */
export const API_KEY_SCOPE_VALUES = [
  API_KEY_SCOPES.read,
  API_KEY_SCOPES.write,
  API_KEY_SCOPES.admin,
] as const;

/**
 * Prefix of organisation API keys: `bhk_live_` + 30 base62 random characters + a 6-character
 * base62 CRC-32 checksum, so secret scanners recognise a key and reject look-alikes offline.
 */
export const ORGANISATION_API_KEY_PREFIX = 'bhk_live_';

/** Characters of an organisation key kept visible (stored and shown) to recognise it. */
export const ORGANISATION_API_KEY_VISIBLE_LENGTH = ORGANISATION_API_KEY_PREFIX.length + 6;

/** Longest key name. */
export const API_KEY_NAME_MAX_LENGTH = 100;

/** Audit rows are kept this many days, then pruned. */
export const API_KEY_AUDIT_RETENTION_DAYS = 90;

/** Messages of the API key calls and of requests made with a key. */
export const API_KEY_MESSAGES = {
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked',
  nameRequired: 'Please enter a name for the key',
  nameTooLong: `The name can be at most ${API_KEY_NAME_MAX_LENGTH} characters`,
  scopesRequired: 'Please choose at least one scope',
  expiryInPast: 'The expiry date must be in the future',
  invalidKey: 'Invalid API key',
  revokedKey: 'This API key has been revoked',
  expiredKey: 'This API key has expired',
  scopeMissing: (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope needed for this call`,
  notForKeys: 'This call needs a signed-in user; organisation API keys cannot make it',
  projectRestricted: 'This API key is restricted to another project',
  projectRequired: 'This API key is restricted to one project; this call must name it in projectId',
  rateLimited: 'Too many requests with this API key; please slow down',
} as const;

const scopeSchema = z.enum(API_KEY_SCOPE_VALUES);

/** A key as listed: never the secret, only its visible prefix. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The visible start of the key, e.g. `bhk_live_AbC123`. */
  prefix: z.string(),
  scopes: z.array(scopeSchema),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/organisation/api-keys: the caller's organisation's keys, newest first. */
export const apiKeyListResponseSchema = z.object({
  apiKeys: z.array(apiKeySchema),
  total: z.number().int(),
});
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

/** POST /api/organisation/api-keys: a new key. */
export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.nameRequired })
    .max(API_KEY_NAME_MAX_LENGTH, { error: API_KEY_MESSAGES.nameTooLong }),
  scopes: z
    .array(scopeSchema, { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, { error: API_KEY_MESSAGES.scopesRequired })
    .max(API_KEY_SCOPE_VALUES.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** Restricts the key to one project of the organisation; absent: every project. */
  projectId: z.uuid().nullish(),
  /** ISO date-time after which the key stops working; absent: never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

/** The created key, with its secret: the only answer that ever carries it. */
export const createApiKeyResponseSchema = z.object({
  apiKey: apiKeySchema,
  secret: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

/** POST /api/organisation/api-keys/:keyId/revoke. */
export const apiKeyIdParamsSchema = z.object({ keyId: z.uuid() });
export const revokeApiKeyResponseSchema = z.object({ apiKey: apiKeySchema });

/** One call made with a key. */
export const apiKeyAuditEntrySchema = z.object({
  id: z.string(),
  apiKeyId: z.string(),
  apiKeyName: z.string(),
  apiKeyPrefix: z.string(),
  method: z.string(),
  route: z.string(),
  statusCode: z.number().int(),
  clientAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyAuditEntry = z.infer<typeof apiKeyAuditEntrySchema>;

/** GET /api/organisation/api-keys/audit: a page of calls made with the organisation's keys, newest first. */
export const apiKeyAuditRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Only the calls of this key. */
  keyId: z.uuid().optional(),
});
export type ApiKeyAuditRequest = z.input<typeof apiKeyAuditRequestSchema>;
export const apiKeyAuditResponseSchema = z.object({
  entries: z.array(apiKeyAuditEntrySchema),
  total: z.number().int(),
});
export type ApiKeyAuditResponse = z.infer<typeof apiKeyAuditResponseSchema>;
