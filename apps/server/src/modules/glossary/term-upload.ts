import type { FastifyRequest } from 'fastify';
import { ERROR_CODES, PROJECT_MESSAGES, TERM_MESSAGES, projectIdSchema } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';

const UPLOAD_TYPES = /^(text\/(plain|csv)|application\/(csv|vnd\.ms-excel|octet-stream))$/i;
const UPLOAD_NAMES = /\.(csv|txt)$/i;

/**
 * Reads a term upload (registered with `singleFileUploadOptions`): the `projectId` field, other short fields, and one CSV file as UTF-8.
 * A missing, non-CSV or non-UTF-8 file is the spec's 'Please upload a correct format'.
 */
export async function readTermUpload(
  request: FastifyRequest,
): Promise<{ projectId: string; fields: Record<string, string>; text: string }> {
  if (!request.isMultipart()) throw AppError.validation([TERM_MESSAGES.badFormat]);
  const fields: Record<string, string> = {};
  let text: string | undefined;
  let badFile = false;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const buffer = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TERM_MESSAGES.tooLarge);
    if (text !== undefined || !UPLOAD_NAMES.test(part.filename) || !UPLOAD_TYPES.test(part.mimetype)) {
      badFile = true;
      continue;
    }
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    } catch {
      badFile = true;
    }
  }
  const projectId = projectIdSchema.safeParse(fields.projectId);
  if (!projectId.success) throw AppError.validation([PROJECT_MESSAGES.projectIdInvalid]);
  if (badFile || text === undefined)
    throw AppError.validation([TERM_MESSAGES.badFormat, 'Upload one CSV file (UTF-8) in the field "file"']);
  return { projectId: projectId.data, fields, text };
}
