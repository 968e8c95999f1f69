import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok, UI_CONFIG } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

function fillAndSubmit() {
  fireEvent.change(screen.getByTestId('sign-in-email'), { target: { value: 'asha@example.com' } });
  fireEvent.change(screen.getByTestId('sign-in-password'), { target: { value: 'wrong-password' } });
  fireEvent.click(screen.getByTestId('sign-in-submit'));
}

async function signInFailingWith(data: { locked: boolean; attempts: number }) {
  const server = installFakeServer({
    'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
    'POST /api/auth': () => fail('Invalid email or password', data, 401),
  });
  renderApp('/sign-in');
  await screen.findByTestId('sign-in-form');
  fillAndSubmit();
  await waitFor(() => expect(server.callsTo('POST /api/auth')).toHaveLength(1));
  if (data.locked) await screen.findByTestId('sign-in-lockout');
  else await screen.findByText('Invalid email or password');
  return server;
}

describe('sign-in (spec §2, §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires e-mail and password', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/sign-in');
    fireEvent.click(await screen.findByTestId('sign-in-submit'));
    expect(await screen.findByText('Please input your email!')).toBeTruthy();
    expect(await screen.findByText('Please input your password!')).toBeTruthy();
  });

  it('links to registration, the privacy policy and forgot password', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/sign-in');
    await screen.findByTestId('sign-in-form');
    expect(screen.getByTestId('sign-in-register-link').getAttribute('href')).toBe('/');
    expect(screen.getByTestId('sign-in-privacy-link').getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByTestId('sign-in-forgot-password-link').getAttribute('href')).toBe('/forgotPassword');
  });

  it('shows and hides the password', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/sign-in');
    const password = await screen.findByTestId('sign-in-password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByTestId('sign-in-password-toggle'));
    await waitFor(() => expect(screen.getByTestId('sign-in-password').getAttribute('type')).toBe('text'));
  });

  it.each([
    [2, 'Attempts remaining : 3'],
    [3, 'Attempts remaining : 2'],
    [4, 'Attempts remaining : 1'],
  ])('after %i failed attempts shows %s', async (attempts, text) => {
    await signInFailingWith({ locked: false, attempts });
    expect((await screen.findByTestId('sign-in-attempts')).textContent).toBe(text);
    expect(screen.queryByTestId('sign-in-lockout')).toBeNull();
  });

  it('shows no attempts text after the first failure', async () => {
    await signInFailingWith({ locked: false, attempts: 1 });
    expect(screen.queryByTestId('sign-in-attempts')).toBeNull();
  });

  it('shows the lockout panel and no attempts text at 5 attempts', async () => {
    await signInFailingWith({ locked: true, attempts: 5 });
    expect(await screen.findByTestId('sign-in-lockout')).toBeTruthy();
    expect(screen.getByText('Too many failed attempts')).toBeTruthy();
    expect(screen.getByText('Your account has been temporarily locked')).toBeTruthy();
    expect(screen.getByText('Please try again after 30 minutes or reset your password')).toBeTruthy();
    expect(screen.queryByTestId('sign-in-attempts')).toBeNull();
    // Spec §8: the panel says it; the server's message is not repeated as a toast.
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('stores token and role and opens the app on success', async () => {
    const user = {
      id: 'u1',
      name: 'Asha',
      email: 'asha@example.com',
      role: 'superAdmin',
      organisationId: null,
      apikey: 'k',
      contractAgreed: true,
    };
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'POST /api/auth': () => ok({ token: 'fresh', user }),
    });
    renderApp('/sign-in');
    await screen.findByTestId('sign-in-form');
    fillAndSubmit();
    expect(await screen.findByTestId('main-app')).toBeTruthy();
    expect(server.callsTo('POST /api/auth')[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'wrong-password',
      recaptchaValue: '',
    });
    expect(window.localStorage.getItem('token')).toBe('fresh');
    expect(window.localStorage.getItem('role')).toBe(btoa('superAdmin'));
  });
});
