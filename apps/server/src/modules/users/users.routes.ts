import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  ROLES,
  USER_MESSAGES,
  abilitiesResponseSchema,
  accessResponseSchema,
  apikeyResponseSchema,
  categoryListResponseSchema,
  collaboratorListResponseSchema,
  contractAgreementRequestSchema,
  contractAgreementResponseSchema,
  createUserRequestSchema,
  deliveryManagerListResponseSchema,
  fetchUserDetailsRequestSchema,
  pageAccessRequestSchema,
  projectAccessRequestSchema,
  resetPasswordThroughProfileRequestSchema,
  resetPasswordThroughProfileResponseSchema,
  switchStatusRequestSchema,
  updateCategoryListRequestSchema,
  updateUserRequestSchema,
  userDetailsResponseSchema,
  userListRequestSchema,
  userListResponseSchema,
  userResponseSchema,
  type Role,
} from '@bhasha/contract';
import type { RouteAccess } from '../../http/access';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { presentSessionUser, presentUserDetails, presentUserSummary } from './users.presenter';

const USER_ADMINS: RouteAccess = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.freeOrgAdmin,
  ROLES.lokSabhaAdmin,
  ROLES.rajyaSabhaAdmin,
];
const security: Record<string, string[]>[] = [{ token: [] }, { apikey: [] }];

/** User calls of spec §7 "Users". */
export const usersRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'projectAccess' | 'users'>;
}> = (app, { services }, done) => {
  app.post(
    '/user/edit',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: "Contract acceptance: the caller's apikey and updateObj {contractAgreed: true}",
        security,
        body: contractAgreementRequestSchema,
        response: responses(contractAgreementResponseSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const user = await services.users.agreeToContract(request.principal!.id, request.body.apikey);
      return ok({ user: presentSessionUser(user) }, AUTH_MESSAGES.contractAgreed);
    },
  );

  app.post(
    '/user/list',
    {
      config: { access: USER_ADMINS, ownOrganisation: true },
      schema: {
        tags: ['users'],
        summary:
          "A page of the caller's users (super admins: every organisation's) with search, role and status filters",
        security,
        body: userListRequestSchema,
        response: responses(userListResponseSchema, 400, 401, 403),
      },
    },
    async (request) => {
      const { rows, total } = await services.users.listUsers(request.principal!, request.body);
      return ok({ users: rows.map(presentUserSummary), totalUsers: total });
    },
  );

  app.post(
    '/user',
    {
      config: { access: USER_ADMINS, ownOrganisation: true },
      schema: {
        tags: ['users'],
        summary: 'Create a user in the caller’s organisation with a role the caller may give',
        description:
          'A rejected create answers 400 type VALIDATION_ERROR with every message in data; nothing is written.',
        security,
        body: createUserRequestSchema,
        response: responses(userResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const user = await services.users.createUser(request.principal!, request.body);
      return ok({ user: presentUserSummary(user) }, USER_MESSAGES.created);
    },
  );

  app.post(
    '/user/fetchUserDetails',
    {
      config: { access: 'signedIn', ownOrganisation: true },
      schema: {
        tags: ['users'],
        summary: 'Details of the user holding an apikey (one’s own, or a user one administers)',
        security,
        body: fetchUserDetailsRequestSchema,
        response: responses(userDetailsResponseSchema, 400, 401, 404),
      },
    },
    async (request) => {
      const user = await services.users.getDetailsByApikey(request.principal!, request.body.apikey);
      return ok({ user: presentUserDetails(user, request.principal!.id) });
    },
  );

  app.get(
    '/user/profile',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: "The caller's own details (profile page), whether or not it has an apikey yet",
        security,
        response: responses(userDetailsResponseSchema, 401),
      },
    },
    async (request) => {
      const user = await services.users.getOwnDetails(request.principal!);
      return ok({ user: presentUserDetails(user, request.principal!.id) });
    },
  );

  const listByRole = (
    path: string,
    role: Role,
    access: RouteAccess,
    key: 'deliveryManagers' | 'collaborators',
  ) => {
    const schema =
      key === 'deliveryManagers' ? deliveryManagerListResponseSchema : collaboratorListResponseSchema;
    app.get(
      path,
      {
        config: { access, ownOrganisation: true },
        schema: {
          tags: ['users'],
          summary: `The ${role} users the caller may assign`,
          security,
          response: responses(schema, 401, 403),
        },
      },
      async (request) => {
        const rows = await services.users.listByRole(request.principal!, role);
        return ok({ [key]: rows.map(presentUserSummary) } as Record<
          typeof key,
          ReturnType<typeof presentUserSummary>[]
        >);
      },
    );
  };
  listByRole(
    '/user/delivery-manager/list',
    ROLES.deliveryManager,
    [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.deliveryManager, ROLES.translationAdmin],
    'deliveryManagers',
  );
  listByRole(
    '/user/collaborator/list',
    ROLES.collaborator,
    [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.freeOrgAdmin],
    'collaborators',
  );

  app.post(
    '/user/switchStatus',
    {
      config: { access: USER_ADMINS, ownOrganisation: true },
      schema: {
        tags: ['users'],
        summary:
          'Activate or deactivate a user; a deactivated user cannot sign in and its tokens stop working',
        security,
        body: switchStatusRequestSchema,
        response: responses(userResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const user = await services.users.switchStatus(
        request.principal!,
        request.body.userId,
        request.body.status,
      );
      return ok({ user: presentUserSummary(user) }, USER_MESSAGES.statusChanged);
    },
  );

  app.post(
    '/user/update',
    {
      config: { access: 'signedIn', ownOrganisation: true },
      schema: {
        tags: ['users'],
        summary: 'Edit a user (own name and phone; admins also role and the per-user NMT status)',
        security,
        body: updateUserRequestSchema,
        response: responses(userResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const user = await services.users.updateUser(
        request.principal!,
        request.body.userId,
        request.body.updateObj,
      );
      return ok({ user: presentUserSummary(user) }, USER_MESSAGES.updated);
    },
  );

  app.post(
    '/user/resetPasswordThroughProfile',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary:
          'Change one’s own password with the current one; other sessions end, a fresh token is answered',
        security,
        body: resetPasswordThroughProfileRequestSchema,
        response: responses(resetPasswordThroughProfileResponseSchema, 400, 401),
      },
    },
    async (request) => {
      const token = await services.users.changeOwnPassword(
        request.principal!,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return ok({ token }, USER_MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/user/apikey/regenerate',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'A new apikey for the caller (path not shown in the spec); the old one stops working',
        security,
        response: responses(apikeyResponseSchema, 401),
      },
    },
    async (request) =>
      ok(
        { apikey: await services.users.regenerateApikey(request.principal!) },
        USER_MESSAGES.apikeyRegenerated,
      ),
  );

  app.post(
    '/user/access/verify',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'Whether the caller may open a dashboard page (keyed by section id)',
        security,
        body: pageAccessRequestSchema,
        response: responses(accessResponseSchema, 400, 401),
      },
    },
    (request) => ok({ allowed: services.users.canOpenPage(request.principal!, request.body.page) }),
  );

  app.post(
    '/project/access/verify',
    {
      config: { access: 'signedIn', ownOrganisation: true },
      schema: {
        tags: ['users'],
        summary: 'Whether the caller may open a project; another organisation’s project answers 404',
        security,
        body: projectAccessRequestSchema,
        response: responses(accessResponseSchema, 400, 401, 404),
      },
    },
    async (request) =>
      ok({
        allowed: await services.projectAccess.canOpen(request.principal!, request.body.projectId),
      }),
  );

  app.post(
    '/user/update/category/list',
    {
      config: {
        access: [ROLES.superAdmin, ROLES.organisationAdmin, ROLES.lokSabhaAdmin, ROLES.rajyaSabhaAdmin],
        ownOrganisation: true,
      },
      schema: {
        tags: ['users'],
        summary: "Set a parliament translator's document categories (its house's categories only)",
        security,
        body: updateCategoryListRequestSchema,
        response: responses(categoryListResponseSchema, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const user = await services.users.setCategories(
        request.principal!,
        request.body.userId,
        request.body.categories,
      );
      return ok({ userId: user.id, categories: user.categories }, USER_MESSAGES.categoriesUpdated);
    },
  );

  app.get(
    '/user/abilities',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['users'],
        summary: 'What the caller may use: pages, roles it may create, management rights',
        security,
        response: responses(abilitiesResponseSchema, 401),
      },
    },
    async (request) => ok({ abilities: await services.users.getAbilities(request.principal!) }),
  );
  done();
};
