/** Sources of JSON API content (spec §9): a headless CMS, or a dynamic API. */
export const CONTENT_TYPES = {
  headlessCms: 'headlessCms',
  dynamicApi: 'dynamicApi',
} as const;
/** A content type value. */
export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];
/** Content types in the order of spec §9. */
export const CONTENT_TYPE_VALUES = Object.values(CONTENT_TYPES) as [ContentType, ...ContentType[]];

/** Display name of each content type. */
export const CONTENT_TYPE_LABELS: Readonly<Record<ContentType, string>> = {
  headlessCms: 'Headless CMS',
  dynamicApi: 'Dynamic API',
};

/** API domains of spec §9: the two houses of Parliament, ls (Lok Sabha) and rs (Rajya Sabha). */
export const API_DOMAINS = {
  ls: 'ls',
  rs: 'rs',
} as const;
/** An API domain. */
export type ApiDomain = (typeof API_DOMAINS)[keyof typeof API_DOMAINS];
/** API domains in the order of spec §9. */
export const API_DOMAIN_VALUES = Object.values(API_DOMAINS) as [ApiDomain, ...ApiDomain[]];

/** Display name of each API domain. */
export const API_DOMAIN_LABELS: Readonly<Record<ApiDomain, string>> = {
  ls: 'Lok Sabha',
  rs: 'Rajya Sabha',
};

/** Portals whose CMS content can be translated (spec §9 CMS domain options). */
export const CMS_PORTALS = {
  peoplesPortal: "People's Portal",
  membersPortal: "Member's Portal",
  parliamentPortal: 'Parliament Portal',
} as const;
/** A CMS portal key. */
export type CmsPortal = keyof typeof CMS_PORTALS;

/** Environments each portal's CMS runs in (spec §9: test, stage, prod and local). */
export const CMS_ENVIRONMENTS = ['test', 'stage', 'prod', 'local'] as const;
/** A CMS environment. */
export type CmsEnvironment = (typeof CMS_ENVIRONMENTS)[number];

/** One selectable CMS domain: a portal in one environment. */
export interface CmsDomainOption {
  value: `${CmsPortal}-${CmsEnvironment}`;
  label: string;
  portal: CmsPortal;
  environment: CmsEnvironment;
}

/** Every CMS domain option of spec §9: each portal × each environment, portal by portal. */
export const CMS_DOMAIN_OPTIONS: readonly CmsDomainOption[] = (
  Object.keys(CMS_PORTALS) as CmsPortal[]
).flatMap((portal) =>
  CMS_ENVIRONMENTS.map((environment) => ({
    value: `${portal}-${environment}` as const,
    label: `${CMS_PORTALS[portal]} (${environment})`,
    portal,
    environment,
  })),
);

/** Headless CMS content shapes (spec §9 API type options). */
export const API_TYPE_OPTIONS = {
  singleType: 'singleType',
  collectionType: 'collectionType',
} as const;
/** An API type option. */
export type ApiTypeOption = (typeof API_TYPE_OPTIONS)[keyof typeof API_TYPE_OPTIONS];
/** API type options in the order of spec §9. */
export const API_TYPE_OPTION_VALUES = Object.values(API_TYPE_OPTIONS) as [ApiTypeOption, ...ApiTypeOption[]];

/** Display name of each API type option. */
export const API_TYPE_OPTION_LABELS: Readonly<Record<ApiTypeOption, string>> = {
  singleType: 'Single Type',
  collectionType: 'Collection Type',
};

/** Environments an API translation targets (spec §9: prod and staging). */
export const ENVIRONMENTS = {
  prod: 'prod',
  staging: 'staging',
} as const;
/** An environment. */
export type Environment = (typeof ENVIRONMENTS)[keyof typeof ENVIRONMENTS];
/** Environments in the order of spec §9. */
export const ENVIRONMENT_VALUES = Object.values(ENVIRONMENTS) as [Environment, ...Environment[]];
