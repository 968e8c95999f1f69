import { i18n } from '../../i18n/i18n';
import { createApiClient } from './api-client';
import { API_BASE_URL } from './api-base-url';
import { appToaster } from './app-toaster';
import { notifySessionExpired } from './session-expiry';

/** The dashboard's API client. */
export const apiClient = createApiClient({
  baseUrl: API_BASE_URL,
  fetch: (input, init) => fetch(input, init),
  store: () => window.localStorage,
  toaster: appToaster,
  genericErrorMessage: () => i18n.t('common:errors.generic'),
  onSessionExpired: notifySessionExpired,
});
