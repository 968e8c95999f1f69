/** Origin of a TM entry's target text (spec §3 TM counts, §9): user edit, machine, Prabandhak, or none yet. */
export const TRANSLATION_TYPES = {
  USER: 'USER',
  MACHINE: 'MACHINE',
  PBK: 'PBK',
  NO_TRANSLATION_AVAILABLE: 'NO_TRANSLATION_AVAILABLE',
} as const;
/** A translation type. */
export type TranslationType = (typeof TRANSLATION_TYPES)[keyof typeof TRANSLATION_TYPES];
/** Translation types in the order of spec §9. */
export const TRANSLATION_TYPE_VALUES = Object.values(TRANSLATION_TYPES) as [
  TranslationType,
  ...TranslationType[],
];

/** How a TM target is displayed: a translation, or `t13n` (transliteration) as spec §3 and §9 name it. */
export const DISPLAY_TYPES = {
  translation: 'translation',
  t13n: 't13n',
} as const;
/** A display type. */
export type DisplayType = (typeof DISPLAY_TYPES)[keyof typeof DISPLAY_TYPES];
/** Display types, translation first. */
export const DISPLAY_TYPE_VALUES = Object.values(DISPLAY_TYPES) as [DisplayType, ...DisplayType[]];

/** The translation types shown to users (spec §9), one per display type. */
export const DISPLAY_TYPE_LABELS: Readonly<Record<DisplayType, string>> = {
  translation: 'Translated Strings',
  t13n: 'Transliterated Strings',
};

/** Kind of project (spec §1); the mobile-app value is 'mob' as the spec fixes it. */
export const PROJECT_TYPES = {
  website: 'website',
  mobile: 'mob',
  api: 'api',
  document: 'document',
} as const;
/** A project type value. */
export type ProjectType = (typeof PROJECT_TYPES)[keyof typeof PROJECT_TYPES];
/** Project types in the order of spec §1. */
export const PROJECT_TYPE_VALUES = Object.values(PROJECT_TYPES) as [ProjectType, ...ProjectType[]];

/** Display name of each project type. */
export const PROJECT_TYPE_LABELS: Readonly<Record<ProjectType, string>> = {
  website: 'Website',
  mob: 'Mobile App',
  api: 'JSON API',
  document: 'Document',
};

/** How a website project's URL scope is built (spec §9 scope types). */
export const SCOPE_TYPES = {
  autoCrawl: 'autoCrawl',
  manual: 'manual',
} as const;
/** A scope type value. */
export type ScopeType = (typeof SCOPE_TYPES)[keyof typeof SCOPE_TYPES];
/** Scope types in the order of spec §9. */
export const SCOPE_TYPE_VALUES = Object.values(SCOPE_TYPES) as [ScopeType, ...ScopeType[]];

/** The spec's labels of the scope types, verbatim. */
export const SCOPE_TYPE_LABELS: Readonly<Record<ScopeType, string>> = {
  autoCrawl: 'Auto Crawl',
  manual: 'Manual',
};

/** Segment filter labels of spec §9, verbatim and in order, keyed by the translation type each one selects. */
export const FILTER_LABELS = {
  NO_TRANSLATION_AVAILABLE: 'New Content Available',
  PBK: 'Prabandhak Translated',
  USER: 'Self Translated',
  MACHINE: 'Machine Translated',
} as const satisfies Record<TranslationType, string>;

/** Mode of the Swalekh on-screen keyboard when the UI configuration names none (spec §3 keyboardMode). */
export const DEFAULT_KEYBOARD_MODE = 'phonetic';
