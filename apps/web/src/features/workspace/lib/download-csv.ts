import { AUTH_HEADER, TIMEZONE_HEADER, isSessionExpired } from '@bhasha/contract';
import { i18n } from '../../../i18n/i18n';
import { API_BASE_URL } from '../../../lib/api/api-base-url';
import { appToaster } from '../../../lib/api/app-toaster';
import { formatClientTime } from '../../../lib/api/client-time';
import { isEnvelope } from '../../../lib/api/api-result';
import { notifySessionExpired } from '../../../lib/api/session-expiry';
import { clearSession, readToken } from '../../../lib/session/session-storage';

/**
 * Downloads a CSV report (suggestionReport, feedbackReport; spec §8) or an export (TMX, XLSX, an
 * app's string files) and saves it under `fileName`.
 * The server answers the file itself, or the usual envelope when it fails: that message is
 * shown as the warning toast every other call shows.
 */
export async function downloadCsv(path: string, body: unknown, fileName: string): Promise<boolean> {
  const headers = new Headers({
    'content-type': 'application/json',
    accept: 'text/csv, application/json, */*',
  });
  const token = readToken();
  if (token) {
    headers.set(AUTH_HEADER, token);
    headers.set(TIMEZONE_HEADER, formatClientTime(new Date()));
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL.replace(/\/+$/, '')}/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    appToaster.warning(i18n.t('common:errors.generic'));
    return false;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const answer: unknown = await response.json().catch(() => undefined);
    if (isEnvelope(answer) && isSessionExpired(answer)) {
      clearSession();
      notifySessionExpired();
    }
    const message = isEnvelope(answer) && typeof answer.message === 'string' ? answer.message : '';
    appToaster.warning(message || i18n.t('common:errors.generic'));
    return false;
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  // Report names come without an extension (suggestionReport); exports name their own (.tmx,
  // .xlsx, a string file's .stringsdict).
  anchor.download = /\.[a-z0-9]{2,12}$/i.test(fileName) ? fileName : `${fileName}.csv`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(href);
  return true;
}
