import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiFailure } from '@bhasha/contract';
import { AppError } from '../lib/app-error';

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

/** Field name of an issue: the last part of its path (`/languages/0` → `languages`). */
function fieldOf(issue: ValidationIssue): string {
  const parts = (issue.instancePath ?? '').split('/').filter((p) => p && !/^\d+$/.test(p));
  return parts.at(-1) ?? 'value';
}

/** A message a person can act on. Schemas carry the spec's messages; zod's defaults are reworded. */
export function describeIssue(issue: ValidationIssue): string {
  const message = issue.message ?? 'is invalid';
  if (/received undefined/.test(message)) return `${fieldOf(issue)} is required`;
  if (/^Invalid input|^Invalid option|^Too (big|small)|^Unrecognized key/.test(message)) {
    return `${fieldOf(issue)}: ${message}`;
  }
  return message;
}

function failure(message: string, fields: Partial<ApiFailure> = {}): ApiFailure {
  return { success: false, message, ...fields };
}

/**
 * One place turns every error into the envelope: validation → 400 with the messages in `data`,
 * AppError → its status and fields, anything unexpected → 500 with a masked message, logged.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map(describeIssue);
      return reply
        .status(400)
        .send(
          failure(messages[0] ?? 'Invalid request', { type: ERROR_CODES.VALIDATION_ERROR, data: messages }),
        );
    }
    if (error instanceof AppError) {
      const body: ApiFailure = failure(error.message, { type: error.type, ...(error.extras ?? {}) });
      if (error.data !== undefined) body.data = error.data;
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(
          failure('Too many requests. Please try again in a moment.', { type: ERROR_CODES.RATE_LIMITED }),
        );
    }
    if (status === 413) {
      return reply
        .status(413)
        .send(failure('The upload is too large.', { type: ERROR_CODES.PAYLOAD_TOO_LARGE }));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): safe to show.
      return reply
        .status(status)
        .send(failure(error.message, { type: ERROR_CODES.VALIDATION_ERROR, data: [error.message] }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(failure('Some error occurred. Please try again', { type: ERROR_CODES.INTERNAL_ERROR }));
  });
}
