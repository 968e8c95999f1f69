import { AUTH_TEXTS, ERROR_MESSAGES } from '@bhasha/contract';

export const common = {
  appName: 'Bhasha',
  tagline: 'Localisation platform',
  loading: AUTH_TEXTS.loading,
  errors: {
    generic: ERROR_MESSAGES.generic,
    somethingWentWrong: ERROR_MESSAGES.somethingWentWrong,
    pageCrashed: 'This page ran into a problem. Reload to try again.',
  },
  actions: {
    reload: 'Reload',
    cancel: 'Cancel',
    close: 'Close',
    continue: 'Continue',
    goHome: 'Go to home page',
    backToSignIn: 'Back to sign in',
  },
  footer: {
    copyright: '© {{year}} Bhasha. All rights reserved.',
    privacy: 'Privacy Policy',
    terms: 'Terms & Conditions',
  },
} as const;
