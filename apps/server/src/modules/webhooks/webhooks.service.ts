import {
  MAX_WEBHOOK_ENDPOINTS,
  ROLES,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookCreateRequest,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/app-error';
import type { WebhookEvents } from './webhook-events';
import { generateWebhookSecret } from './webhook-signature';
import { requireDeliverableUrl } from './webhook-url';
import type { WebhooksRepository } from './webhooks.repository';

/**
 * Organisation admins' management of webhook endpoints. Every call works inside one organisation:
 * the caller's own, or for a super admin the one named; another organisation's endpoint answers
 * 404 like a missing one.
 */
export function createWebhooksService(deps: {
  repository: WebhooksRepository;
  events: WebhookEvents;
  clock: Clock;
  allowPrivateNetwork: boolean;
}) {
  const { repository } = deps;

  function organisationOf(principal: Principal, requested: string | undefined): string {
    if (principal.role === ROLES.superAdmin) {
      const organisationId = requested ?? principal.organisationId;
      if (!organisationId) throw AppError.validation([WEBHOOK_MESSAGES.organisationRequired]);
      return organisationId;
    }
    if (!principal.organisationId || (requested && requested !== principal.organisationId))
      throw AppError.notFound('This organisation');
    return principal.organisationId;
  }

  async function requireEndpoint(principal: Principal, endpointId: string) {
    const scope = principal.role === ROLES.superAdmin ? null : principal.organisationId;
    if (principal.role !== ROLES.superAdmin && !scope) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
    const endpoint = await repository.findEndpoint(scope, endpointId);
    if (!endpoint) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
    return endpoint;
  }

  return {
    list(principal: Principal, organisationId: string | undefined) {
      return repository.listEndpoints(organisationOf(principal, organisationId));
    },

    /** Registers an endpoint and answers its signing secret: the only time the secret leaves. */
    async create(principal: Principal, input: WebhookCreateRequest) {
      const organisationId = organisationOf(principal, input.organisationId);
      const url = requireDeliverableUrl(input.url, deps.allowPrivateNetwork);
      if ((await repository.countEndpoints(organisationId)) >= MAX_WEBHOOK_ENDPOINTS)
        throw AppError.validation([WEBHOOK_MESSAGES.tooMany]);
      const secret = generateWebhookSecret();
      const endpoint = await repository.insertEndpoint({
        organisationId,
        url,
        description: input.description || null,
        events: [...new Set(input.events)],
        secret,
        createdBy: principal.id,
      });
      return { endpoint, secret };
    },

    async update(
      principal: Principal,
      input: {
        endpointId: string;
        url?: string | undefined;
        description?: string | null | undefined;
        events?: string[] | undefined;
        isActive?: boolean | undefined;
      },
    ) {
      const endpoint = await requireEndpoint(principal, input.endpointId);
      const updated = await repository.updateEndpoint(endpoint.organisationId, endpoint.id, {
        ...(input.url !== undefined
          ? { url: requireDeliverableUrl(input.url, deps.allowPrivateNetwork) }
          : {}),
        ...(input.description !== undefined ? { description: input.description || null } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        updatedAt: deps.clock.now(),
      });
      if (!updated) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
      return updated;
    },

    async remove(principal: Principal, endpointId: string): Promise<void> {
      const endpoint = await requireEndpoint(principal, endpointId);
      await repository.deleteEndpoint(endpoint.organisationId, endpoint.id);
    },

    async deliveries(
      principal: Principal,
      input: { endpointId: string; pageNumber: number; pageSize: number },
    ) {
      const endpoint = await requireEndpoint(principal, input.endpointId);
      return repository.listDeliveries(endpoint.organisationId, endpoint.id, input);
    },

    /** Queues a `webhook.test` delivery to the endpoint, whatever events it chose. */
    async sendTest(principal: Principal, endpointId: string) {
      const endpoint = await requireEndpoint(principal, endpointId);
      const delivery = await deps.events.emitTo(endpoint, WEBHOOK_EVENTS.test, {
        message: 'A test event from Bhasha',
        endpointId: endpoint.id,
      });
      if (!delivery) throw new Error('webhook deliveries need the job queue');
      return delivery;
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
