import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { EN_RESOURCES } from './locales/en';

/** Languages the dashboard's own interface is available in; add 'hi' with locales/hi. */
export const INTERFACE_LANGUAGES = ['en'] as const;

export const DEFAULT_NAMESPACE = 'common';

export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: EN_RESOURCES },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...INTERFACE_LANGUAGES],
  ns: Object.keys(EN_RESOURCES),
  defaultNS: DEFAULT_NAMESPACE,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
