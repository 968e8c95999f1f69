import { ROLES } from './roles';

/** Human-translation services a customer can order (spec §9). */
export const SERVICE_TYPES = {
  translation: 'translation',
  proofreading: 'proofreading',
  editing: 'editing',
} as const;
/** A service type. */
export type ServiceType = (typeof SERVICE_TYPES)[keyof typeof SERVICE_TYPES];
/** Service types in the order of spec §9. */
export const SERVICE_TYPE_VALUES = Object.values(SERVICE_TYPES) as [ServiceType, ...ServiceType[]];

/** Price weight of each service relative to translation (spec §9: 1, 0.5, 0.5). */
export const SERVICE_PRICE_WEIGHTS: Readonly<Record<ServiceType, number>> = {
  translation: 1,
  proofreading: 0.5,
  editing: 0.5,
};

/** The orderable service pipelines of spec §9, each a sequence of services run in order. */
export const SERVICE_PIPELINES = [
  ['translation'],
  ['translation', 'proofreading'],
  ['translation', 'proofreading', 'editing'],
] as const satisfies readonly (readonly ServiceType[])[];
/** One orderable pipeline. */
export type ServicePipeline = (typeof SERVICE_PIPELINES)[number];

/** Price weight of a pipeline: the sum of its services' weights (1, 1.5 or 2). */
export function getPipelinePriceWeight(pipeline: readonly ServiceType[]): number {
  return pipeline.reduce((sum, service) => sum + SERVICE_PRICE_WEIGHTS[service], 0);
}

/** KYC documents an organisation uploads (spec §9). */
export const KYC_DOCUMENTS = {
  aadhaar: 'aadhaar',
  panCard: 'panCard',
  roc: 'roc',
  gst: 'gst',
  bankDetails: 'bankDetails',
  contract: 'contract',
  cancelledCheck: 'cancelledCheck',
} as const;
/** A KYC document kind. */
export type KycDocument = (typeof KYC_DOCUMENTS)[keyof typeof KYC_DOCUMENTS];
/** KYC document kinds in the order of spec §9. */
export const KYC_DOCUMENT_VALUES = Object.values(KYC_DOCUMENTS) as [KycDocument, ...KycDocument[]];

/** Display name of each KYC document. */
export const KYC_DOCUMENT_LABELS: Readonly<Record<KycDocument, string>> = {
  aadhaar: 'Aadhaar',
  panCard: 'PAN Card',
  roc: 'ROC Certificate',
  gst: 'GST Certificate',
  bankDetails: 'Bank Details',
  contract: 'Contract',
  cancelledCheck: 'Cancelled Cheque',
};

/** Base names of the CSV downloads of spec §8. */
export const DOWNLOAD_FILE_NAMES = {
  maskTerms: 'maskTermsList',
  suggestions: 'suggestionReport',
  feedback: 'feedbackReport',
} as const;

/** Extension of every spec §8 download. */
export const DOWNLOAD_FILE_EXTENSION = '.csv';

/** Role given to a self-registered free-trial user (spec §6). */
export const SELF_REGISTRATION_ROLE = ROLES.freeOrgAdmin;

/** Default role of the older sign-up form (spec §2). */
export const SIGN_UP_DEFAULT_ROLE = ROLES.organisationAdmin;

/** socket.io client transports (spec §9: websocket only). */
export const SOCKET_TRANSPORTS = ['websocket'] as const;

/** socket.io clients reconnect after a dropped connection (spec §9). */
export const SOCKET_RECONNECTION = true;

/** Value of uiConfig.mailerServiceEnabled that enables the mailer; the client compares strings (spec §2). */
export const MAILER_SERVICE_ENABLED_VALUE = 'true';
