import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/auth';
import { PASSWORD_WHITESPACE_PATTERN } from '../constants/limits';
import { VALIDATION_MESSAGES } from '../constants/messages';
import { PARLIAMENT_DOCUMENT_CATEGORY_VALUES } from '../constants/parliament';
import { ROLE_VALUES, isRole } from '../constants/roles';
import { PROJECT_TYPE_VALUES } from '../constants/translation';
import { isValidPhoneNumber, normalisePhoneNumber } from '../validation/auth-fields';

/*
 * Request and response schemas of spec §7 "Users". A rejected create answers
 * VALIDATION_ERROR with every message in `data` (spec §5: the dashboard shows the first).
 */

/** Whether a user may sign in (spec §3: user lists carry status). */
export const USER_STATUS = { active: 'active', inactive: 'inactive' } as const;
/** A user status. */
export type UserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
/** Every user status. */
export const USER_STATUS_VALUES = Object.values(USER_STATUS) as [UserStatus, ...UserStatus[]];

/** Pages of the dashboard a caller may be allowed to open (the shell's section ids). */
export const DASHBOARD_PAGES = {
  dashboard: 'dashboard',
  projects: 'projects',
  workspace: 'workspace',
  apiTranslation: 'apiTranslation',
  files: 'files',
  humanTranslation: 'humanTranslation',
  domains: 'domains',
  users: 'users',
  organisations: 'organisations',
  billing: 'billing',
  notifications: 'notifications',
  settings: 'settings',
} as const;
/** A dashboard page id. */
export type DashboardPage = (typeof DASHBOARD_PAGES)[keyof typeof DASHBOARD_PAGES];
/** Every dashboard page id, in sidebar order. */
export const DASHBOARD_PAGE_VALUES = Object.values(DASHBOARD_PAGES) as [DashboardPage, ...DashboardPage[]];

/** Texts of the user calls (the spec quotes none). */
export const USER_MESSAGES = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  statusChanged: 'User status updated successfully',
  passwordChanged: 'Password updated successfully',
  apikeyRegenerated: 'API key regenerated successfully',
  categoriesUpdated: 'Categories updated successfully',
  nameRequired: 'Please input the name!',
  emailRequired: 'Please input the email!',
  emailInvalid: VALIDATION_MESSAGES.emailInvalid,
  roleRequired: 'Please select a role!',
  roleUnknown: 'Unknown role',
  roleNotAllowed: 'You are not allowed to create or assign this role',
  emailTaken: 'A user with this email id already exists',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  currentPasswordRequired: 'Please input your current password!',
  currentPasswordWrong: 'The current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  userIdRequired: 'userId is required',
  cannotChangeOwnStatus: 'You cannot change your own status',
  categoryNotForRole: 'These categories do not belong to this translator’s house',
  notATranslator: 'Categories can be set only for Lok Sabha and Rajya Sabha translators',
  freePlanUserLimit: 'The free plan allows only a limited number of users. Please upgrade your plan.',
  noFieldsToUpdate: 'Nothing to update',
  organisationRequired: 'Please select an organisation: this role works inside one',
  organisationChangeNotAllowed: 'Only a super admin can move a user to another organisation',
} as const;

/** Users a free-plan organisation may hold besides its admin. */
export const FREE_PLAN_MAX_COLLABORATORS = 2;

const MAX_NAME = 100;
const MAX_EMAIL = 254;
const MAX_SEARCH = 200;

const nameField = z
  .string({ error: USER_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: USER_MESSAGES.nameRequired, abort: true })
  .max(MAX_NAME, { error: `Name must be at most ${MAX_NAME} characters long` });

const emailField = z
  .string({ error: USER_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: USER_MESSAGES.emailRequired, abort: true })
  .max(MAX_EMAIL, { error: USER_MESSAGES.emailInvalid, abort: true })
  .regex(z.regexes.email, { error: USER_MESSAGES.emailInvalid });

/** Any string is accepted by the schema; the role check names an unknown role clearly. */
const roleField = z
  .string({ error: USER_MESSAGES.roleRequired })
  .trim()
  .min(1, { error: USER_MESSAGES.roleRequired, abort: true })
  .refine(isRole, { error: USER_MESSAGES.roleUnknown })
  .pipe(z.enum(ROLE_VALUES));

const phoneField = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidPhoneNumber(v), { error: VALIDATION_MESSAGES.phoneInvalid })
  .transform((v) => (v === '' ? null : normalisePhoneNumber(v)));

/** A new password: the sign-up rules (no whitespace, length bounds). */
export const userPasswordField = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, { error: VALIDATION_MESSAGES.passwordRequired, abort: true })
  .refine((v) => !PASSWORD_WHITESPACE_PATTERN.test(v), {
    error: VALIDATION_MESSAGES.passwordWhitespace,
    abort: true,
  })
  // Length checks, not refinements, so OpenAPI documents the bounds validation applies.
  .min(PASSWORD_MIN_LENGTH, { error: USER_MESSAGES.passwordTooShort, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: USER_MESSAGES.passwordTooLong });

const idField = z.uuid({ error: USER_MESSAGES.userIdRequired });
const categoryField = z.enum(PARLIAMENT_DOCUMENT_CATEGORY_VALUES);

/** A user as lists and details show it: never the hash, attempts or token version. */
export const userSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLE_VALUES),
  status: z.enum(USER_STATUS_VALUES),
  organisationId: z.string().nullable(),
  organisationName: z.string().nullable(),
  nmtEnabled: z.boolean(),
  categories: z.array(z.string()),
  createdAt: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** One's own profile adds the apikey's visible prefix (never the key) and the contract status. */
export const userDetailsSchema = userSummarySchema.extend({
  apikey: z.string().nullable(),
  contractAgreed: z.boolean(),
});
export type UserDetails = z.infer<typeof userDetailsSchema>;

/** POST /api/user/list: search, pagination, role and status filters. */
export const userListRequestSchema = z.object({
  search: z.string().trim().max(MAX_SEARCH).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  role: z.enum(ROLE_VALUES).optional(),
  status: z.enum(USER_STATUS_VALUES).optional(),
  /** Super admins only: one organisation's users. */
  organisationId: z.uuid().optional(),
});
export type UserListRequest = z.input<typeof userListRequestSchema>;
export const userListResponseSchema = z.object({
  users: z.array(userSummarySchema),
  totalUsers: z.number().int(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** POST /api/user: creates a user with an initial password the admin passes on (changed in the profile). */
export const createUserRequestSchema = z.object({
  name: nameField,
  email: emailField,
  role: roleField,
  phone: phoneField.optional(),
  password: userPasswordField,
  /** Super admins only: the organisation the user joins (others: their own). */
  organisationId: z.uuid().nullable().optional(),
  nmtEnabled: z.boolean().default(true),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;
export const userResponseSchema = z.object({ user: userSummarySchema });

/** POST /api/user/fetchUserDetails {apikey}. */
export const fetchUserDetailsRequestSchema = z.object({
  apikey: z.string({ error: 'apikey is required' }).trim().min(1, { error: 'apikey is required' }).max(512),
});
export const userDetailsResponseSchema = z.object({ user: userDetailsSchema });

/** GET /api/user/delivery-manager/list and GET /api/user/collaborator/list. */
export const deliveryManagerListResponseSchema = z.object({ deliveryManagers: z.array(userSummarySchema) });
export const collaboratorListResponseSchema = z.object({ collaborators: z.array(userSummarySchema) });

/** POST /api/user/switchStatus. */
export const switchStatusRequestSchema = z.object({ userId: idField, status: z.enum(USER_STATUS_VALUES) });

/** POST /api/user/update {userId, updateObj}: edit (e-mail and organisation too), and the per-user NMT on/off status. */
export const updateUserRequestSchema = z.object({
  userId: idField,
  updateObj: z
    .object({
      name: nameField.optional(),
      phone: phoneField.optional(),
      role: roleField.optional(),
      nmtEnabled: z.boolean().optional(),
      /** Admins: the user's sign-in e-mail id. */
      email: emailField.optional(),
      /** Super admins: the organisation the user belongs to (null: none). */
      organisationId: z.uuid().nullable().optional(),
    })
    .strict()
    .refine((o) => Object.keys(o).length > 0, { error: USER_MESSAGES.noFieldsToUpdate }),
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** POST /api/user/resetPasswordThroughProfile: the caller's current password and a new one. */
export const resetPasswordThroughProfileRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: USER_MESSAGES.currentPasswordRequired })
      .min(1, { error: USER_MESSAGES.currentPasswordRequired })
      .max(PASSWORD_MAX_LENGTH),
    newPassword: userPasswordField,
    confirmPassword: z.string({ error: VALIDATION_MESSAGES.newPasswordRequired }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: VALIDATION_MESSAGES.newPasswordMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordThroughProfileRequest = z.input<typeof resetPasswordThroughProfileRequestSchema>;
/** A fresh token: older sessions of the user stop working. */
export const resetPasswordThroughProfileResponseSchema = z.object({ token: z.string() });

/**
 * POST /api/user/apikey/regenerate: a new apikey for the caller; the old one stops working. The
 * only answer that ever carries the full key: only its hash is stored.
 */
export const apikeyResponseSchema = z.object({ apikey: z.string() });

/** POST /api/user/access/verify {page}. */
export const pageAccessRequestSchema = z.object({ page: z.enum(DASHBOARD_PAGE_VALUES) });
/** POST /api/project/access/verify {projectId}. */
export const projectAccessRequestSchema = z.object({ projectId: z.uuid({ error: 'projectId is required' }) });
export const accessResponseSchema = z.object({ allowed: z.boolean() });

/** POST /api/user/update/category/list {userId, categories}: a parliament translator's document categories. */
export const updateCategoryListRequestSchema = z.object({
  userId: idField,
  categories: z.array(categoryField).max(PARLIAMENT_DOCUMENT_CATEGORY_VALUES.length),
});
export const categoryListResponseSchema = z.object({ userId: z.string(), categories: z.array(z.string()) });

/** GET /api/user/abilities: what the caller may use, so the dashboard does not copy the rules. */
export const abilitiesSchema = z.object({
  pages: z.array(z.enum(DASHBOARD_PAGE_VALUES)),
  creatableRoles: z.array(z.enum(ROLE_VALUES)),
  canManageUsers: z.boolean(),
  canManageOrganisations: z.boolean(),
  canEditOwnOrganisation: z.boolean(),
  canSeeAllOrganisations: z.boolean(),
  /** May assign collaborators to projects and their domains (absent from older servers: no). */
  canAssignCollaborators: z.boolean().optional(),
  /**
   * Whether the caller may create a project now, and if not why (role, no organisation, plan),
   * so the wizard refuses before it opens; and which project types can be created yet.
   */
  projectCreation: z.object({
    allowed: z.boolean(),
    reason: z.string().nullable(),
    types: z.array(z.object({ type: z.enum(PROJECT_TYPE_VALUES), available: z.boolean() })),
  }),
});
export type Abilities = z.infer<typeof abilitiesSchema>;
export const abilitiesResponseSchema = z.object({ abilities: abilitiesSchema });
