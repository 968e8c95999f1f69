import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { PROJECT_SETTING_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';

const api = endpoints.projectSettings;

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

  defineRoute(app, api.addFontSize, {
    ...manage,
    handler: async (request) => {
      const { projectId, language, fontSize } = request.body;
      return ok(
        await settings.saveFontSize(request.principal!, projectId, language, fontSize),
        PROJECT_SETTING_MESSAGES.fontSizeSaved,
      );
    },
  });
  defineRoute(app, api.fontSizes, {
    ...read,
    handler: async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(await settings.listFontSizes(request.principal!, projectId, { pageNumber, pageSize }));
    },
  });
  defineRoute(app, api.deleteFontSizes, {
    ...manage,
    handler: async (request) =>
      ok(
        await settings.deleteFontSizes(request.principal!, request.body.projectId, request.body.ids),
        PROJECT_SETTING_MESSAGES.fontSizeDeleted,
      ),
  });

  defineRoute(app, api.addNoTranslationNode, {
    ...manage,
    handler: async (request) =>
      ok(
        await settings.addNoTranslationNode(
          request.principal!,
          request.body.projectId,
          request.body.selector,
        ),
        PROJECT_SETTING_MESSAGES.noTranslationNodeAdded,
      ),
  });
  defineRoute(app, api.noTranslationNodes, {
    ...read,
    handler: async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(
        await settings.listNoTranslationNodes(request.principal!, projectId, { pageNumber, pageSize }),
      );
    },
  });
  defineRoute(app, api.deleteNoTranslationNodes, {
    ...manage,
    handler: async (request) =>
      ok(
        await settings.deleteNoTranslationNodes(request.principal!, request.body.projectId, request.body.ids),
        PROJECT_SETTING_MESSAGES.noTranslationNodeDeleted,
      ),
  });

  defineRoute(app, api.addSwalekhNode, {
    ...manage,
    handler: async (request) =>
      ok(
        await settings.addSwalekhNode(request.principal!, request.body.projectId, request.body.selector),
        PROJECT_SETTING_MESSAGES.swalekhNodeAdded,
      ),
  });
  defineRoute(app, api.swalekhNodes, {
    ...read,
    handler: async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      return ok(await settings.listSwalekhNodes(request.principal!, projectId, { pageNumber, pageSize }));
    },
  });
  defineRoute(app, api.deleteSwalekhNodes, {
    ...manage,
    handler: async (request) =>
      ok(
        await settings.deleteSwalekhNodes(request.principal!, request.body.projectId, request.body.ids),
        PROJECT_SETTING_MESSAGES.swalekhNodeDeleted,
      ),
  });

  done();
};
