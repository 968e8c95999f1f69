import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { APP_FILE_EXTENSIONS, APP_FILE_MESSAGES } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';
import { readSingleFileUploadBytes, type SingleFileRules } from '../../http/single-file-upload';

/** String files by name; the declared type says little (Xcode files go as octet-stream or text). */
const APP_FILE_UPLOAD: SingleFileRules = {
  accepts: (file) => APP_FILE_EXTENSIONS.some((extension) => file.filename.toLowerCase().endsWith(extension)),
  messages: APP_FILE_MESSAGES,
};

/**
 * Reads an app file upload: its fields, validated by `fields`, and the one file's bytes as sent
 * (a `.strings` file may be UTF-16; the engine decodes it and writes it back the same way).
 */
export async function readAppFileUpload<S extends z.ZodType>(
  request: FastifyRequest,
  fields: S,
): Promise<{ fields: z.output<S>; fileName: string; bytes: Uint8Array }> {
  const upload = await readSingleFileUploadBytes(request, APP_FILE_UPLOAD);
  const named = Object.fromEntries(upload.fields);
  // The address may name the project (checked against a restricted API key before the form is read).
  const inAddress = (request.query as { projectId?: string } | undefined)?.projectId;
  if (inAddress !== undefined) {
    if (named.projectId !== undefined && named.projectId !== inAddress)
      throw AppError.validation([APP_FILE_MESSAGES.projectMismatch]);
    named.projectId = inAddress;
  }
  const parsed = fields.safeParse(named);
  if (!parsed.success) throw AppError.validation(parsed.error.issues.map((issue) => issue.message));
  return {
    fields: parsed.data,
    fileName: upload.fileName,
    bytes: new Uint8Array(upload.bytes.buffer, upload.bytes.byteOffset, upload.bytes.byteLength),
  };
}
