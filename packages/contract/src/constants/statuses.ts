/**
 * The status vocabularies of spec §4, each as an `as const` object, a derived union and an array
 * of its values in the spec's order. Values are stored and sent exactly as spelled here.
 */

/** Lifecycle of a website project while it is created, crawled, parsed and translated (spec §4). */
export const PROJECT_CREATION_STATUS = {
  partialCreated: 'partialCreated',
  processing: 'processing',
  crawling: 'crawling',
  crawlingFailed: 'crawlingFailed',
  crawled: 'crawled',
  parsing: 'parsing',
  parsingFailed: 'parsingFailed',
  parsed: 'parsed',
  translationProcess: 'translationProcess',
  translationCompleted: 'translationCompleted',
} as const;
/** A project creation status. */
export type ProjectCreationStatus = (typeof PROJECT_CREATION_STATUS)[keyof typeof PROJECT_CREATION_STATUS];
/** Project creation statuses in the order of spec §4. */
export const PROJECT_CREATION_STATUSES = Object.values(PROJECT_CREATION_STATUS) as [
  ProjectCreationStatus,
  ...ProjectCreationStatus[],
];

/** Status of a manual (human, Prabandhak) translation request (spec §4). */
export const MANUAL_TRANSLATION_STATUS = {
  pendingMachineTranslation: 'pendingMachineTranslation',
  processingMachineTranslation: 'processingMachineTranslation',
  completedMachineTranslation: 'completedMachineTranslation',
  rejectedMachineTranslation: 'rejectedMachineTranslation',
  pendingManualTranslation: 'pendingManualTranslation',
  processingManualTranslation: 'processingManualTranslation',
  completedManualTranslation: 'completedManualTranslation',
  rejectedManualTranslation: 'rejectedManualTranslation',
  projectDeleted: 'projectDeleted',
  signOff: 'signOff',
  reverted: 'reverted',
} as const;
/** A manual translation request status. */
export type ManualTranslationStatus =
  (typeof MANUAL_TRANSLATION_STATUS)[keyof typeof MANUAL_TRANSLATION_STATUS];
/** Manual translation statuses in the order of spec §4. */
export const MANUAL_TRANSLATION_STATUSES = Object.values(MANUAL_TRANSLATION_STATUS) as [
  ManualTranslationStatus,
  ...ManualTranslationStatus[],
];

/** Status of a crawl (spec §4 "Crawling"). */
export const CRAWL_STATUS = {
  INACTIVE: 'INACTIVE',
  ACTIVE: 'ACTIVE',
  FAILED: 'FAILED',
  COMPLETED: 'COMPLETED',
} as const;
/** A crawl status. */
export type CrawlStatus = (typeof CRAWL_STATUS)[keyof typeof CRAWL_STATUS];
/** Crawl statuses in the order of spec §4. */
export const CRAWL_STATUSES = Object.values(CRAWL_STATUS) as [CrawlStatus, ...CrawlStatus[]];

/** Status of a tracked file or URL as it goes through NMT and Prabandhak (spec §4 "File processing"). */
export const FILE_PROCESSING_STATUS = {
  NEW_URL: 'NEW_URL',
  PBK_SENT: 'PBK_SENT',
  NMT_TRANSLATED: 'NMT_TRANSLATED',
  PBK_TRANSLATED: 'PBK_TRANSLATED',
  PBK_EXPORTED: 'PBK_EXPORTED',
  FAILED: 'FAILED',
} as const;
/** A file processing status. */
export type FileProcessingStatus = (typeof FILE_PROCESSING_STATUS)[keyof typeof FILE_PROCESSING_STATUS];
/** File processing statuses in the order of spec §4. */
export const FILE_PROCESSING_STATUSES = Object.values(FILE_PROCESSING_STATUS) as [
  FileProcessingStatus,
  ...FileProcessingStatus[],
];

/** Status of an API translation item; `syncing` follows an accepted sync request (spec §4). */
export const API_TRANSLATION_STATUS = {
  none: 'none',
  syncing: 'syncing',
  synced: 'synced',
  applied_nmt: 'applied_nmt',
  sent_to_pbk: 'sent_to_pbk',
  pbk_translated: 'pbk_translated',
  created: 'created',
} as const;
/** An API translation item status. */
export type ApiTranslationStatus = (typeof API_TRANSLATION_STATUS)[keyof typeof API_TRANSLATION_STATUS];
/** API translation statuses in the order of spec §4. */
export const API_TRANSLATION_STATUSES = Object.values(API_TRANSLATION_STATUS) as [
  ApiTranslationStatus,
  ...ApiTranslationStatus[],
];

/** Tag colour of each API translation status (spec §4: "status colours exist for these"). */
export const API_TRANSLATION_STATUS_COLOURS: Readonly<Record<ApiTranslationStatus, string>> = {
  none: '#8C8C8C',
  syncing: '#1677FF',
  synced: '#13C2C2',
  applied_nmt: '#722ED1',
  sent_to_pbk: '#FA8C16',
  pbk_translated: '#52C41A',
  created: '#FAAD14',
};

/** Status of a visitor suggestion; accepted suggestions become TM (spec §4). */
export const SUGGESTION_STATUS = {
  accepted: 'accepted',
  rejected: 'rejected',
  new: 'new',
  inprocess: 'inprocess',
} as const;
/** A suggestion status. */
export type SuggestionStatus = (typeof SUGGESTION_STATUS)[keyof typeof SUGGESTION_STATUS];
/** Suggestion statuses in the order of spec §4. */
export const SUGGESTION_STATUSES = Object.values(SUGGESTION_STATUS) as [
  SuggestionStatus,
  ...SuggestionStatus[],
];

/** How far a customer domain has been verified: 0 none … 3 client verified (spec §4). */
export const DOMAIN_VERIFICATION_LEVELS = {
  none: 0,
  scriptVerified: 1,
  projectIdVerified: 2,
  clientVerified: 3,
} as const;
/** A domain verification level, 0 to 3. */
export type DomainVerificationLevel =
  (typeof DOMAIN_VERIFICATION_LEVELS)[keyof typeof DOMAIN_VERIFICATION_LEVELS];
/** Domain verification levels in ascending order. */
export const DOMAIN_VERIFICATION_LEVEL_VALUES = Object.values(DOMAIN_VERIFICATION_LEVELS) as [
  DomainVerificationLevel,
  ...DomainVerificationLevel[],
];
/** The spec's wording of each domain verification level. */
export const DOMAIN_VERIFICATION_LEVEL_LABELS: Readonly<Record<DomainVerificationLevel, string>> = {
  0: 'none',
  1: 'script verified',
  2: 'project id verified',
  3: 'client verified',
};

/** Status of a parliament document (spec §4 "Document"). */
export const DOCUMENT_STATUS = {
  pending: 'pending',
  accepted: 'accepted',
  rejected: 'rejected',
  signed: 'signed',
} as const;
/** A document status. */
export type DocumentStatus = (typeof DOCUMENT_STATUS)[keyof typeof DOCUMENT_STATUS];
/** Document statuses in the order of spec §4. */
export const DOCUMENT_STATUSES = Object.values(DOCUMENT_STATUS) as [DocumentStatus, ...DocumentStatus[]];

/** The second, shorter project status list of spec §4 ("Project statuses (another list)"). */
export const PROJECT_STATUS = {
  projectCreated: 'projectCreated',
  processing: 'processing',
  completed: 'completed',
} as const;
/** A project status of the short list. */
export type ProjectStatus = (typeof PROJECT_STATUS)[keyof typeof PROJECT_STATUS];
/** Project statuses in the order of spec §4. */
export const PROJECT_STATUSES = Object.values(PROJECT_STATUS) as [ProjectStatus, ...ProjectStatus[]];
