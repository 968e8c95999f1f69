import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@bhasha/contract';
import { AppError } from '../lib/app-error';

/**
 * `@fastify/multipart` options for a form of a few short fields and one file of at most
 * `maxBytes`: anything larger is cut off by the parser and answered 413, never held whole.
 */
export function singleFileUploadOptions(maxBytes: number) {
  return {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: false,
  };
}

export interface SingleFileRules {
  /** Whether the file part is of a kind the call takes (by name and declared type). */
  accepts(file: { filename: string; mimetype: string }): boolean;
  readonly messages: {
    /** Not a multipart form, or no file in it. */
    readonly fileRequired: string;
    /** A file of another kind, or a second file. */
    readonly wrongFile: string;
    /** The file passed the size limit. */
    readonly tooLarge: string;
  };
}

/**
 * Reads the text fields and the one file (its bytes, as sent) of an upload registered with
 * `singleFileUploadOptions`. A refused file is drained before answering, so the connection stays
 * usable; the caller validates the fields it needs.
 */
export async function readSingleFileUploadBytes(
  request: FastifyRequest,
  rules: SingleFileRules,
): Promise<{ fields: ReadonlyMap<string, string>; fileName: string; bytes: Buffer }> {
  const { messages } = rules;
  if (!request.isMultipart()) throw AppError.validation([messages.fileRequired]);
  const fields = new Map<string, string>();
  let file: { fileName: string; bytes: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
      continue;
    }
    if (file !== undefined || !rules.accepts(part)) {
      await part.toBuffer().catch(() => undefined);
      throw AppError.validation([messages.wrongFile]);
    }
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, messages.tooLarge);
    file = { fileName: part.filename, bytes };
  }
  if (file === undefined) throw AppError.validation([messages.fileRequired]);
  return { fields, ...file };
}

/** `readSingleFileUploadBytes` with the file read as UTF-8 text. */
export async function readSingleFileUpload(
  request: FastifyRequest,
  rules: SingleFileRules,
): Promise<{ fields: ReadonlyMap<string, string>; text: string }> {
  const { fields, bytes } = await readSingleFileUploadBytes(request, rules);
  return { fields, text: bytes.toString('utf8') };
}
