import type { AppFileExportRequest, LanguageCode } from '@bhasha/contract';
import { apiClient } from '../../../lib/api/api-instance';
import { downloadCsv } from '../../workspace/lib/download-csv';

/** An export's body; its language is one the server listed for the project (it checks it again). */
export type AppFileDownload = Omit<AppFileExportRequest, 'targetLang'> & { targetLang?: string };

/** The multipart form of an upload: fields before the file, as the server reads them. */
function uploadForm(fields: Record<string, string | undefined>, file: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('file', file);
  return form;
}

/** The string-file calls of a mobile-app project (spec §7 "Translation"; ADR 0048). */
export const appFilesApi = {
  list: (projectId: string, signal?: AbortSignal) =>
    apiClient.call('translation/stringxmlFileurls', { body: { projectId }, signal }).then((d) => d.files),
  /** A large file or zip takes a while to send and read: no client-side time-out. */
  upload: (projectId: string, file: File, path?: string) =>
    apiClient.call('translation/xmlFileTranslation', {
      body: uploadForm({ projectId, path }, file),
      query: { projectId },
      timeoutMs: null,
    }),
  resync: (projectId: string, fileId: string, file: File) =>
    apiClient.call('translation/mobileTranslationResync', {
      body: uploadForm({ projectId, fileId }, file),
      query: { projectId },
      timeoutMs: null,
    }),
  versions: (projectId: string, fileId: string, signal?: AbortSignal) =>
    apiClient
      .call('translation/appFiles/versions', { body: { projectId, fileId }, signal })
      .then((d) => d.versions),
  remove: (projectId: string, fileId: string) =>
    apiClient.call('translation/appFiles/delete', { body: { projectId, fileId } }),
  addLanguages: (projectId: string, languages: LanguageCode[]) =>
    apiClient.call('translation/mobileLanguageAddition', { body: { projectId, languages } }),
  units: (projectId: string, segmentIds: string[], signal?: AbortSignal) =>
    apiClient
      .call('translation/appFiles/units', { body: { projectId, segmentIds }, signal, silent: true })
      .then((d) => d.units),
  /** The answer is the file (or a zip) itself; a failure shows the server's message. */
  download: (request: AppFileDownload, fileName: string) =>
    downloadCsv('translation/getStringxmlFilePathByLanguage', request, fileName),
};
