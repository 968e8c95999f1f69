import type { FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  PROJECT_MESSAGES,
  TM_MESSAGES,
  languageCodeSchema,
  projectIdSchema,
} from '@bhasha/contract';
import { AppError } from '../../lib/app-error';

const TMX_NAMES = /\.(tmx|xml)$/i;

/** The multipart limits of a TMX upload: three short fields, then one file. */
export function tmxUploadLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: 1, fields: 3, fieldSize: 256, parts: 4, headerPairs: 100 };
}

/**
 * Reads the fields of a TMX upload (projectId, targetLang, overwrite — sent before the file) and
 * hands the file on as a stream, so a large TMX is never held whole. Ends with a 413 when the
 * file passes the size limit while being read.
 */
export async function readTmxUpload(
  request: FastifyRequest,
  importFile: (
    fields: { projectId: string; targetLang: string; overwrite: boolean },
    file: AsyncIterable<Uint8Array>,
  ) => Promise<unknown>,
): Promise<unknown> {
  if (!request.isMultipart()) throw AppError.validation([TM_MESSAGES.badTmx]);
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (!TMX_NAMES.test(part.filename)) {
      await part.toBuffer(); // drain it: the request must be read to its end
      throw AppError.validation([TM_MESSAGES.badTmx, 'Upload one .tmx file in the field "file"']);
    }
    // The first file is the upload: it is read (streamed) here and the request ends with it.
    const projectId = projectIdSchema.safeParse(fields.projectId);
    if (!projectId.success) throw AppError.validation([PROJECT_MESSAGES.projectIdInvalid]);
    const targetLang = languageCodeSchema.safeParse(fields.targetLang);
    if (!targetLang.success) throw AppError.validation(['targetLang must be a language code']);
    const stream = part.file;
    const result = await importFile(
      { projectId: projectId.data, targetLang: targetLang.data, overwrite: fields.overwrite === 'true' },
      (async function* () {
        for await (const chunk of stream) yield chunk as Uint8Array;
        if (stream.truncated) throw new AppError(413, ERROR_CODES.PAYLOAD_TOO_LARGE, TM_MESSAGES.tmxTooLarge);
      })(),
    );
    return result;
  }
  throw AppError.validation([
    TM_MESSAGES.badTmx,
    'Send projectId and targetLang first, then one .tmx file in "file"',
  ]);
}
