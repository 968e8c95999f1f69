/** The website integration card: the snippet tag customers paste into their pages (issue 8). */
export const integration = {
  title: 'Integration',
  intro:
    'Paste this tag into the <head> of every page of your website. Visitors then see the site in their language, with a language switcher.',
  copy: 'Copy',
  copied: 'Copied',
  clearCache: 'Clear cache',
  clearCacheHint: 'Visitors get the latest translations on their next page view.',
} as const;
