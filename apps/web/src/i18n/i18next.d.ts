import 'i18next';
import type { EN_RESOURCES } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof EN_RESOURCES;
    returnNull: false;
  }
}
