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

/** Labels of spec §6; roles the spec gives no label are shown by their value. */
export const ROLE_LABELS: Record<Role, string> = {
  superAdmin: 'Super Admin',
  deliveryManager: 'Delivery Manager',
  collaborator: 'collaborator',
  organisationAdmin: 'Organisation',
  freeOrgAdmin: 'Organisation(Free)',
  translationAdmin: 'translationAdmin',
  lokSabhaAdmin: 'lokSabhaAdmin',
  rajyaSabhaAdmin: 'rajyaSabhaAdmin',
  lokSabhaTranslator: 'lokSabhaTranslator',
  rajyaSabhaTranslator: 'rajyaSabhaTranslator',
};

/** True for a string that names one of the ten roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLE_VALUES as readonly string[]).includes(value);
}
