/** The ten roles of spec §6, with the labels the dashboard shows. */
export const ROLES = {
  superAdmin: 'superAdmin',
  deliveryManager: 'deliveryManager',
  collaborator: 'collaborator',
  organisationAdmin: 'organisationAdmin',
  freeOrgAdmin: 'freeOrgAdmin',
  translationAdmin: 'translationAdmin',
  lokSabhaAdmin: 'lokSabhaAdmin',
  rajyaSabhaAdmin: 'rajyaSabhaAdmin',
  lokSabhaTranslator: 'lokSabhaTranslator',
  rajyaSabhaTranslator: 'rajyaSabhaTranslator',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

/** Every role value, in the order of spec §6. */
export const ROLE_VALUES = Object.values(ROLES) as [Role, ...Role[]];

/**
 * Labels of spec §6; the roles the spec leaves unlabelled get a readable label of the same
 * style, so no screen shows a raw role value.
 */
export const ROLE_LABELS: Record<Role, string> = {
  superAdmin: 'Super Admin',
  deliveryManager: 'Delivery Manager',
  collaborator: 'Collaborator',
  organisationAdmin: 'Organisation',
  freeOrgAdmin: 'Organisation(Free)',
  translationAdmin: 'Translation Admin',
  lokSabhaAdmin: 'Lok Sabha Admin',
  rajyaSabhaAdmin: 'Rajya Sabha Admin',
  lokSabhaTranslator: 'Lok Sabha Translator',
  rajyaSabhaTranslator: 'Rajya Sabha Translator',
};

/** Every role, least powerful first: the order role pickers offer them in. */
export const ROLES_BY_POWER: readonly Role[] = [
  ROLES.collaborator,
  ROLES.lokSabhaTranslator,
  ROLES.rajyaSabhaTranslator,
  ROLES.translationAdmin,
  ROLES.lokSabhaAdmin,
  ROLES.rajyaSabhaAdmin,
  ROLES.deliveryManager,
  ROLES.freeOrgAdmin,
  ROLES.organisationAdmin,
  ROLES.superAdmin,
];

/**
 * Roles that only make sense inside an organisation: their holders work on its projects, users
 * or documents, so a user with one of them and no organisation could open nothing. Super admins,
 * delivery managers and translation admins serve every organisation.
 */
export const ORGANISATION_ROLES: readonly Role[] = [
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
  ROLES.collaborator,
  ROLES.lokSabhaAdmin,
  ROLES.rajyaSabhaAdmin,
  ROLES.lokSabhaTranslator,
  ROLES.rajyaSabhaTranslator,
];

/** True for a string that names one of the ten roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLE_VALUES as readonly string[]).includes(value);
}
