import pino, { type DestinationStream, type LoggerOptions } from 'pino';

/** The logging calls services and adapters use; pino's logger satisfies it. */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A logger that drops everything (tests). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Field names whose values never reach a log line, at any of the first four levels of a logged
 * object: credentials, hashes, tokens, keys, one-time codes and the addresses auth calls handle.
 */
export const REDACTED_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'hash',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'apikey',
  'apiKey',
  'api_key',
  'secret',
  'jwtSecret',
  'otp',
  'authenticationCode',
  'email',
  'to',
  'phone',
  'mobile',
  'text',
] as const;

const REDACT_PATHS = [
  ...REDACTED_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
];

const CENSOR = '[redacted]';

// Properties of database and mail errors that carry the values a statement or message was sent
// with (bound parameters, the failing row, recipients); the rest of the error is worth keeping.
const ERROR_FIELDS_DROPPED = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'where',
  'internalQuery',
  'query',
  'sql',
  'envelope',
  'rejected',
  'accepted',
  'response',
  'command',
  ...REDACTED_FIELDS,
]);

const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// PostgreSQL quotes the offending input after a colon ('invalid input syntax for type integer:
// "…"'); identifiers it names ('relation "users"') are not preceded by one and stay.
const QUOTED_INPUT = /: "(?:[^"]|"")*"/g;

/**
 * Error text without bound parameters (Drizzle appends them as "params: …"), input values the
 * database quotes, or e-mail addresses.
 */
function scrubErrorText(text: string): string {
  return text
    .replace(/\nparams: [^\n]*/g, '\nparams: [not logged]')
    .replace(QUOTED_INPUT, ': "[value not logged]"')
    .replace(EMAIL_ADDRESS, '[email]');
}

/**
 * The error serializer of every logger: type, message, stack and safe fields of the error and its
 * causes, never the statement's parameters, the failing row or recipients.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const serialized: Record<string, unknown> = {
    type: error.constructor.name,
    message: scrubErrorText(error.message),
    stack: error.stack ? scrubErrorText(error.stack) : undefined,
  };
  for (const [key, value] of Object.entries(error)) {
    if (ERROR_FIELDS_DROPPED.has(key) || key === 'cause') continue;
    serialized[key] = typeof value === 'string' ? scrubErrorText(value) : value;
  }
  if (error.cause !== undefined) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

// Query parameters that name people or carry secrets (links in e-mails, API keys in URLs).
const SENSITIVE_QUERY = /([?&](?:token|apikey|api_key|code|otp|email|password|key)=)[^&#]*/gi;

/** Fastify's request fields, with secret query parameters masked. */
function serializeRequest(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: request.url?.replace(SENSITIVE_QUERY, `$1${CENSOR}`),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Options shared by the request logger and the process logger: the redaction list and serializers. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    name: 'bhasha',
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}

/** The process logger for code that runs outside a request (mail, SMS, jobs). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  if (level === 'silent') return silentLogger;
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
