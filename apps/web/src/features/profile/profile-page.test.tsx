import { STORAGE_KEYS, type UserDetails } from '@bhasha/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, ok, UI_CONFIG } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { abilitiesFor } from '../../test/signed-in';

const SESSION_USER = {
  id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  role: 'collaborator',
  organisationId: 'o1',
  apikey: null,
  contractAgreed: false,
};

const PROFILE: UserDetails = {
  ...SESSION_USER,
  role: 'collaborator',
  phone: null,
  status: 'active',
  organisationName: 'Asha Media',
  nmtEnabled: true,
  categories: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('profile page', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the details and contract status, generates an API key and changes the password', async () => {
    let apikey: string | null = null;
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'GET /api/user/check/': () => ok({ user: SESSION_USER }),
      'GET /api/user/abilities': () => ok({ abilities: abilitiesFor(['dashboard']) }),
      'GET /api/user/profile': () => ok({ user: { ...PROFILE, apikey } }),
      'POST /api/user/apikey/regenerate': () => {
        apikey = 'bhk_NewKey12';
        return ok({ apikey: 'bhk_NewKey12_rest_of_the_secret' });
      },
      'POST /api/user/resetPasswordThroughProfile': () => ok({ token: 'fresh-token' }),
    });
    renderApp('/app/profile');
    expect((await screen.findByTestId('profile-contract')).textContent).toBe(
      'Terms and conditions not yet accepted',
    );
    expect(screen.getByText('Asha Media')).toBeTruthy();

    fireEvent.click(screen.getByTestId('profile-apikey-generate'));
    // The full key once, in the answer that created it; the profile only knows its prefix.
    expect((await screen.findByTestId('profile-apikey-value')).textContent).toContain(
      'bhk_NewKey12_rest_of_the_secret',
    );

    fireEvent.change(screen.getByTestId('profile-current-password'), { target: { value: 'old-pass-123' } });
    fireEvent.change(screen.getByTestId('profile-new-password'), { target: { value: 'new-pass-123' } });
    fireEvent.change(screen.getByTestId('profile-confirm-password'), { target: { value: 'new-pass-123' } });
    fireEvent.click(screen.getByTestId('profile-password-submit'));
    await waitFor(() => expect(server.callsTo('POST /api/user/resetPasswordThroughProfile')).toHaveLength(1));
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token'));
  });
});
