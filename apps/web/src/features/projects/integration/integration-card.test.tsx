import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers';
import { installFakeServer, ok } from '../../../test/fake-server';
import { IntegrationCard } from './integration-card';

const PROJECT_ID = '7d1f0a52-3c1e-4a8e-9a37-2f3b5c6d7e80';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('IntegrationCard', () => {
  it('shows the project’s script tag with a copy button, and clears the cache with the server’s message', async () => {
    const server = installFakeServer({
      'GET /api/snippet/cache/clear': () => ok(null, 'Cache cleared successfully'),
    });
    render(
      <AppProviders>
        <IntegrationCard projectId={PROJECT_ID} />
      </AppProviders>,
    );
    const tag = screen.getByTestId('integration-snippet-tag');
    expect(tag.textContent).toContain(
      `<script src="${window.location.origin}/api/delivery/bhasha.js" data-project-id="${PROJECT_ID}" defer></script>`,
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('integration-clear-cache'));
    await waitFor(() => expect(screen.getByText('Cache cleared successfully')).toBeTruthy());
    const [call] = server.callsTo('GET /api/snippet/cache/clear');
    expect(call).toBeDefined();
    expect(server.fetchMock.mock.calls[0]![0]).toContain(`projectId=${PROJECT_ID}`);
  });
});
