import { z } from 'zod';
import { parseMtEngines } from '../modules/machine-translation/mt-engines-config';

const SERVER_ROLES = ['web', 'worker', 'realtime'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || URL.canParse(v), { message: `${label} must be a URL` });

/** Every environment variable the server reads (README "Configuration"), parsed once at boot. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl('DATABASE_URL'),
    ADMIN_EMAIL: z.email({ message: 'ADMIN_EMAIL must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { message: 'ADMIN_PASSWORD needs at least 8 characters' }).optional(),
    JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET needs at least 32 characters' }).optional(),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 60 * 60),
    /** How far the client's `timezone` clock may differ from the server's before TIME_TRAVEL. */
    CLOCK_SKEW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(10 * 60),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().default('Bhasha <no-reply@bhasha.local>'),
    /** 'console' writes text messages to DATA_DIR/sms-outbox.log; 'http' posts them to SMS_HTTP_URL. */
    SMS_PROVIDER: z
      .enum(['console', 'http'], { message: 'SMS_PROVIDER must be console or http' })
      .default('console'),
    SMS_HTTP_URL: optionalUrl('SMS_HTTP_URL'),
    SMS_HTTP_TOKEN: z.string().optional(),
    /** Sender id passed to the SMS gateway (DLT header in India). */
    SMS_SENDER_ID: z.string().optional(),
    /** Country code put before the 10-digit mobile numbers of spec §5. */
    SMS_COUNTRY_CODE: z
      .string()
      .regex(/^\+\d{1,4}$/, { message: 'SMS_COUNTRY_CODE must look like +91' })
      .default('+91'),
    /** OTPs sent to one mobile number or e-mail id per hour. */
    OTP_SENDS_PER_DESTINATION_PER_HOUR: z.coerce.number().int().positive().default(5),
    /** OTPs requested from one IP address per hour. */
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
    /** Requests per minute and IP to the public authentication calls (sign-in, OTP, reset). */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /**
     * Which proxies may set X-Forwarded-For (the client IP behind rate limits): none unless the
     * deployment names them, as comma-separated addresses/subnets or the names loopback,
     * linklocal, uniquelocal. A local process could otherwise forge any client address.
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '' && entry !== 'false'),
      )
      .refine((list) => !list.includes('true'), {
        message: 'TRUST_PROXY must name the proxies (addresses, subnets, loopback), not true',
      }),
    APERTIUM_URL: optionalUrl('APERTIUM_URL'),
    /** Machine translation engines: a JSON array of engine settings (README "Machine translation engines"). */
    MT_ENGINES: z.string().optional(),
    /** Engine id used when neither the call nor the project names one (default: the first engine). */
    MT_DEFAULT_ENGINE: z.string().trim().optional(),
    ALLOW_PRIVATE_NETWORK_FETCH: booleanString.default(false),
    ROLES: z
      .string()
      .default('web,worker,realtime')
      .transform((v) =>
        v
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(SERVER_ROLES, { message: `ROLES may list ${SERVER_ROLES.join(', ')}` })).min(1)),
    /** Public address of the dashboard: links in e-mails are built from it, never from request headers. */
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    SWALEKH_URL: z.string().default(''),
    KEYBOARD: z.string().default('swalekh'),
    KEYBOARD_MODE: z.string().default('phonetic'),
    RENDER_BASE_URL: z.string().default(''),
    RENDER_SUB_DOMAIN: z.string().default(''),
    /** Translating proxy (ADR 0017): largest origin page, time limit, page cache, freshness of settings and translations. */
    PROXY_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    PROXY_CONNECTIONS_PER_ORIGIN: z.coerce.number().int().positive().default(64),
    PROXY_CACHE_MB: z.coerce.number().int().min(0).default(256),
    PROXY_REVALIDATE_MS: z.coerce.number().int().min(0).default(2_000),
    PROXY_PREVIEW_TTL_HOURS: z.coerce.number().positive().default(72),
    /** Cookie names the proxy passes to origins (comma-separated; default none). */
    PROXY_FORWARD_COOKIES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Calls per minute one organisation API key may make (ADR 0042), whatever address they come from. */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_HTTP_URL'],
        message: 'SMS_HTTP_URL is required when SMS_PROVIDER=http',
      });
    }
    const engines = parseMtEngines(env.MT_ENGINES, env.APERTIUM_URL);
    if (!engines.ok) {
      for (const problem of engines.problems)
        ctx.addIssue({ code: 'custom', path: ['MT_ENGINES'], message: problem });
    } else if (env.MT_DEFAULT_ENGINE && !engines.engines.some((e) => e.id === env.MT_DEFAULT_ENGINE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MT_DEFAULT_ENGINE'],
        message: `MT_DEFAULT_ENGINE names no engine of MT_ENGINES or APERTIUM_URL (${env.MT_DEFAULT_ENGINE})`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; on failure answers every problem at once. */
export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; problems: string[] } {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
  };
}
