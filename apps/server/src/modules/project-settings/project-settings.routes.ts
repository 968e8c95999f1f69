import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  PROJECT_SETTING_MESSAGES,
  addCustomFontSizeRequestSchema,
  addSelectorSettingRequestSchema,
  customFontSizeItemSchema,
  customFontSizesResponseSchema,
  deleteProjectSettingsRequestSchema,
  deleteProjectSettingsResponseSchema,
  getProjectSettingsRequestSchema,
  noTranslationNodesResponseSchema,
  selectorSettingItemSchema,
  swalekhIntegrationsResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';

const tags = ['project settings'];
const security = [{ token: [] }];
const manage = { access: PROJECT_MANAGER_ROLES, ownOrganisation: true };
const read = { access: PROJECT_READER_ROLES, ownOrganisation: true };

/**
 * custom-font-size, no-translation-node and swalekhIntegration calls of spec §7 "Project
 * settings" (add, get, delete each). ignore-pattern lives in modules/projects.
 */
export const projectSettingsRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'projectSettings'>;
}> = (app, { services }, done) => {
  const settings = services.projectSettings;

  app.post(
    '/custom-font-size/add',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: "Set a language's font size (CSS pixels on the page root) while the page is shown in it",
        body: addCustomFontSizeRequestSchema,
        response: responses(customFontSizeItemSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const { projectId, language, fontSize } = request.body;
      return ok(
        await settings.saveFontSize(request.principal!, projectId, language, fontSize),
        PROJECT_SETTING_MESSAGES.fontSizeSaved,
      );
    },
  );
  app.post(
    '/custom-font-size/get',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "A project's custom font sizes, paged, with their total",
        body: getProjectSettingsRequestSchema,
        response: responses(customFontSizesResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(await settings.listFontSizes(request.principal!, projectId, { pageNumber, pageSize }));
    },
  );
  app.post(
    '/custom-font-size/delete',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Delete custom font sizes by id',
        body: deleteProjectSettingsRequestSchema,
        response: responses(deleteProjectSettingsResponseSchema, 400, 403, 404),
      },
    },
    async (request) =>
      ok(
        await settings.deleteFontSizes(request.principal!, request.body.projectId, request.body.ids),
        PROJECT_SETTING_MESSAGES.fontSizeDeleted,
      ),
  );

  app.post(
    '/no-translation-node/add',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Add a no-translation node: a CSS selector whose elements are never translated',
        body: addSelectorSettingRequestSchema,
        response: responses(selectorSettingItemSchema, 400, 403, 404, 409),
      },
    },
    async (request) =>
      ok(
        await settings.addNoTranslationNode(
          request.principal!,
          request.body.projectId,
          request.body.selector,
        ),
        PROJECT_SETTING_MESSAGES.noTranslationNodeAdded,
      ),
  );
  app.post(
    '/no-translation-node/get',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "A project's no-translation nodes, paged, with their total",
        body: getProjectSettingsRequestSchema,
        response: responses(noTranslationNodesResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(
        await settings.listNoTranslationNodes(request.principal!, projectId, { pageNumber, pageSize }),
      );
    },
  );
  app.post(
    '/no-translation-node/delete',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Delete no-translation nodes by id',
        body: deleteProjectSettingsRequestSchema,
        response: responses(deleteProjectSettingsResponseSchema, 400, 403, 404),
      },
    },
    async (request) =>
      ok(
        await settings.deleteNoTranslationNodes(request.principal!, request.body.projectId, request.body.ids),
        PROJECT_SETTING_MESSAGES.noTranslationNodeDeleted,
      ),
  );

  app.post(
    '/swalekhIntegration/add',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary:
          'Add a Swalekh integration node: a CSS selector of inputs where the Swalekh keyboard is offered',
        body: addSelectorSettingRequestSchema,
        response: responses(selectorSettingItemSchema, 400, 403, 404, 409),
      },
    },
    async (request) =>
      ok(
        await settings.addSwalekhNode(request.principal!, request.body.projectId, request.body.selector),
        PROJECT_SETTING_MESSAGES.swalekhNodeAdded,
      ),
  );
  app.post(
    '/swalekhIntegration/get',
    {
      config: read,
      schema: {
        tags,
        security,
        summary: "A project's Swalekh integration nodes, paged, with their total",
        body: getProjectSettingsRequestSchema,
        response: responses(swalekhIntegrationsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(await settings.listSwalekhNodes(request.principal!, projectId, { pageNumber, pageSize }));
    },
  );
  app.post(
    '/swalekhIntegration/delete',
    {
      config: manage,
      schema: {
        tags,
        security,
        summary: 'Delete Swalekh integration nodes by id',
        body: deleteProjectSettingsRequestSchema,
        response: responses(deleteProjectSettingsResponseSchema, 400, 403, 404),
      },
    },
    async (request) =>
      ok(
        await settings.deleteSwalekhNodes(request.principal!, request.body.projectId, request.body.ids),
        PROJECT_SETTING_MESSAGES.swalekhNodeDeleted,
      ),
  );

  done();
};
