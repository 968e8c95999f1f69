/** The project settings section: delivery settings of website projects (spec §7 "Project settings"). */
export const settings = {
  page: {
    title: 'Settings',
    subtitle: 'Choose a website project to change how its translated pages are delivered.',
    search: 'Search projects',
    empty: 'No website projects yet',
    open: 'Open settings',
    projectTitle: 'Settings of {{name}}',
    notFound: 'This project was not found.',
    websiteOnly: 'These settings apply to website projects only.',
  },
  tabs: {
    integration: 'Integration',
    fontSizes: 'Font sizes',
    noTranslation: 'No-translation nodes',
    swalekh: 'Swalekh keyboard',
    ignorePatterns: 'Ignore patterns',
    transliteration: 'Transliteration data',
    glossary: 'Glossary',
    cacheMeta: 'Cache & meta tags',
  },
  list: {
    actions: 'Actions',
    add: 'Add',
    delete: 'Delete',
    cancel: 'Cancel',
    deleteConfirm: 'Delete this entry?',
    deleteValue: 'Delete {{value}}',
    empty: 'Nothing here yet',
    required: 'Enter a value',
    tooLong: 'At most {{max}} characters',
    total_one: '{{count}} entry',
    total_other: '{{count}} entries',
  },
  selectors: {
    selector: 'CSS selector',
    placeholder: 'e.g. .brand-name, #footer, input[name="q"]',
  },
  noTranslation: {
    title: 'No-translation nodes',
    description:
      'Elements matching these selectors are never translated, by the crawler, the snippet or the proxy (brand names, code, addresses).',
  },
  swalekh: {
    title: 'Swalekh integration nodes',
    description:
      'Inputs matching these selectors offer the Swalekh keyboard in the language the visitor has chosen. While the list is not empty and the deployment has a Swalekh URL, translators also type with the Swalekh keyboard in the editor.',
  },
  ignorePatterns: {
    title: 'Ignore patterns',
    description:
      'Texts that are never sent for translation: an exact text, or a regular expression written /pattern/flags. They apply from the next crawl.',
    pattern: 'Pattern',
    placeholder: 'e.g. Copyright 2026 or /^Last updated .+$/i',
  },
  terms: {
    upload: 'Upload CSV',
    columns: 'CSV with a header row: {{columns}}',
    language: 'Language',
  },
  transliteration: {
    title: 'Transliteration data',
    description:
      'Your own spellings for names and words the transliteration engine should always write one way. Uploading a word again replaces its spelling.',
    source: 'Word',
    target: 'Transliteration',
    language: 'Language of the file',
    languageFromFile: 'Language: as in the file',
  },
  glossary: {
    title: 'Glossary (mask terms)',
    description:
      'Terms machine translation must keep as they are, transliterate, or translate your way: brand names, product names, fixed phrases.',
    download: 'Download CSV',
    term: 'Term',
    action: 'Action',
    translation: 'Translation',
    allLanguages: 'All languages',
    caseSensitive: 'Case sensitive',
    yes: 'Yes',
    no: 'No',
    actions: { keep: 'Keep as is', transliterate: 'Transliterate', translate: 'Translate as given' },
  },
  cacheMeta: {
    title: 'Cache and meta tags',
    description: 'How translated pages are served to your visitors and which head tags they carry.',
    cache: {
      label: 'Cache translated pages',
      help: 'Serve translated pages from the cache until their content or translations change. Visitors with cookies always get a fresh page.',
    },
    meta: {
      label: 'Translate meta tags',
      help: 'Translate the description and social sharing tags (og:, twitter:) in the page head.',
    },
    canonical: {
      label: 'Canonical link to the translated page',
      help: 'Each translated page names itself as canonical. Off: it names the original page.',
    },
    hreflang: {
      label: 'Language alternates (hreflang)',
      help: 'List every language version of the page in its head, so search engines show visitors their language.',
    },
  },
  fontSizes: {
    title: 'Custom font sizes',
    description:
      'The base font size of the page while it is shown in a language. Pages sized in rem or em follow it.',
    language: 'Language',
    languageRequired: 'Choose a language',
    size: 'Font size',
    pixels: '{{size}} px',
    range: 'A whole number of pixels from {{min}} to {{max}}',
    save: 'Save',
    empty: 'No custom font sizes: every language uses the page’s own size',
  },
  verification: {
    title: 'Script verification',
    description:
      'Checks each domain’s home page for the script tag above. A domain is client verified once the script has reported visits from it.',
    domain: 'Domain',
    level: 'Verification',
    checkedAt: 'Last checked',
    never: 'Never',
    verify: 'Verify',
    empty: 'The project has no domains',
    levels: {
      none: 'None',
      script: 'Script verified',
      projectId: 'Project id verified',
      client: 'Client verified',
    },
  },
} as const;
