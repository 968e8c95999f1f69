import { WEBHOOK_SUBSCRIBABLE_EVENTS, type WebhookDelivery, type WebhookEndpoint } from '@bhasha/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { abilitiesFor, signedInRoutes, storeSessionToken } from '../../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects', 'settings'], { canEditOwnOrganisation: true });
const SECRET = 'whsec_4f9c2b7d1e8a6f3c0b5d9e2a7c4f1b8d';

const endpoint: WebhookEndpoint = {
  id: 'e1',
  url: 'https://ci.example.com/hooks/bhasha',
  description: 'CI pipeline',
  events: ['crawl.completed'],
  isActive: true,
  secretHint: 'whsec_4f9c…',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 'd1',
  endpointId: 'e1',
  event: 'crawl.completed',
  status: 'failed',
  attempts: 6,
  responseStatus: 503,
  responseBody: 'upstream unavailable',
  error: 'The endpoint answered 503',
  payload: { event: 'crawl.completed', data: { projectId: 'p1' } },
  nextAttemptAt: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  deliveredAt: null,
};

function startServer() {
  const endpoints: WebhookEndpoint[] = [endpoint];
  return installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/project': () => ok({ projectList: [], totalProjects: 0 }),
    'POST /api/webhook/list': () => ok({ endpoints, events: [...WEBHOOK_SUBSCRIBABLE_EVENTS] }),
    'POST /api/webhook/create': (body) => {
      const { url, events } = body as { url: string; events: string[] };
      const created = { ...endpoint, id: 'e2', url, events, description: null };
      endpoints.push(created);
      return ok({ endpoint: created, secret: SECRET });
    },
    'POST /api/webhook/deliveries': () => ok({ deliveries: [delivery], total: 1 }),
    'POST /api/webhook/test': () => ok({ delivery: { ...delivery, id: 'd2', status: 'pending' } }),
  });
}

describe('webhooks page', () => {
  beforeEach(storeSessionToken);
  afterEach(() => vi.unstubAllGlobals());

  it('is reached from the settings page and lists endpoints with their deliveries and answers', async () => {
    const server = startServer();
    renderApp('/app/settings');
    fireEvent.click(
      await within(await screen.findByTestId('settings-webhooks')).findByText('Manage webhooks'),
    );
    const table = await screen.findByTestId('webhook-endpoints');
    expect(await within(table).findByText(endpoint.url)).toBeTruthy();
    expect(within(table).getByText('crawl.completed')).toBeTruthy();
    fireEvent.click(within(table).getByText('Send test event'));
    await waitFor(() => expect(server.callsTo('POST /api/webhook/test')).toHaveLength(1));
    expect(server.callsTo('POST /api/webhook/test')[0]?.body).toEqual({ endpointId: 'e1' });
    const deliveries = await screen.findByTestId('webhook-deliveries');
    expect(await within(deliveries).findByText('Failed')).toBeTruthy();
    expect(within(deliveries).getByText('503')).toBeTruthy();
  });

  it('creates an endpoint for the chosen events and shows its secret once', async () => {
    const server = startServer();
    renderApp('/app/settings/webhooks');
    fireEvent.click(await screen.findByTestId('webhook-add'));
    const form = await screen.findByTestId('webhook-form');
    fireEvent.change(within(form).getByLabelText('Endpoint URL'), {
      target: { value: 'https://hooks.example.com/in' },
    });
    fireEvent.click(within(form).getByLabelText('Machine translation finished'));
    fireEvent.click(screen.getByRole('button', { name: 'Create endpoint' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain(SECRET);
    expect(screen.getByText('Copy this secret now: it is shown only once.')).toBeTruthy();
    expect(server.callsTo('POST /api/webhook/create')[0]?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: ['machine_translation.completed'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    const table = await screen.findByTestId('webhook-endpoints');
    expect(await within(table).findByText('https://hooks.example.com/in')).toBeTruthy();
    // The list shows only the secret's hint, never the secret.
    expect(table.textContent).not.toContain(SECRET);
  });
});
