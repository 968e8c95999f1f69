import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeServer, ok, UI_CONFIG } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const USER = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  role: 'organisationAdmin',
  organisationId: 'o1',
  apikey: 'k',
  contractAgreed: true,
};

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/new-password/{token} (spec §2, §5)', () => {
  async function open() {
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'POST /api/auth/update-password': () => ok({ token: 'session-token' }, 'Password updated'),
      'GET /api/user/check/': () => ok({ user: USER }),
    });
    renderApp('/new-password/reset-token');
    await screen.findByText('Please enter new password');
    return server;
  }

  it('asks for both fields', async () => {
    await open();
    fireEvent.click(screen.getByTestId('new-password-submit'));
    expect(
      await screen.findByText('Please enter both New Password and Confirm Password to update your password.'),
    ).toBeTruthy();
  });

  it('refuses whitespace', async () => {
    await open();
    type('new-password-password', 'has space');
    expect(await screen.findByText('Password must not contain whitespace characters.')).toBeTruthy();
  });

  it("says 'confirm password doesnt match'", async () => {
    await open();
    type('new-password-password', 'Secret#123');
    type('new-password-confirm', 'Secret#999');
    expect(await screen.findByText('confirm password doesnt match')).toBeTruthy();
  });

  it('updates the password with the link token, stores the new token and goes to /', async () => {
    const server = await open();
    type('new-password-password', 'Secret#123');
    type('new-password-confirm', 'Secret#123');
    fireEvent.click(screen.getByTestId('new-password-submit'));
    expect(await screen.findByTestId('main-app')).toBeTruthy();
    const call = server.callsTo('POST /api/auth/update-password')[0];
    expect(call?.body).toEqual({ password: 'Secret#123', token: 'reset-token' });
    expect(call?.headers.get('authorization')).toBe('reset-token');
    expect(window.localStorage.getItem('token')).toBe('session-token');
  });
});

describe('/forgotPassword (spec §2, §8)', () => {
  it("shows 'Whitelist Email Service' and disables the input when the mailer is off", async () => {
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok({ ...UI_CONFIG, mailerServiceEnabled: 'false' }),
    });
    renderApp('/forgotPassword');
    expect(await screen.findByText('Whitelist Email Service')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('forgot-password-email').disabled).toBe(true);
  });

  it('shows the server message as a success toast even on failure, and disables Submit for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'POST /api/auth/password-reset': () => fail('No account with this e-mail', undefined, 404),
    });
    renderApp('/forgotPassword');
    await screen.findByTestId('forgot-password-page');
    expect(screen.queryByText('Whitelist Email Service')).toBeNull();
    type('forgot-password-email', 'nobody@example.com');
    const submit = () => screen.getByTestId('forgot-password-submit').closest<HTMLButtonElement>('button')!;
    fireEvent.click(submit());
    const toast = await screen.findByText('No account with this e-mail');
    expect(toast.closest('.ant-message-notice')?.className).toContain('ant-message-notice-success');
    expect(submit().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(submit().disabled).toBe(false);
  });
});

describe('/notification/{message} (spec §2)', () => {
  it('shows the message, a picture, and counts down from 30 to the home page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp(
      `/notification/${encodeURIComponent('Verification email has been sent to the registered email id')}`,
    );
    expect(
      await screen.findByText('Verification email has been sent to the registered email id'),
    ).toBeTruthy();
    expect(screen.getByTestId('illustration-sent')).toBeTruthy();
    expect(screen.getByTestId('notification-countdown').textContent).toBe(
      'You will be redirected to home page in 30 seconds',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(await screen.findByTestId('free-trial-page')).toBeTruthy();
  });

  it('shows the sad picture for bad news', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp(`/notification/${encodeURIComponent('Link expired')}`);
    expect(await screen.findByTestId('illustration-sad')).toBeTruthy();
  });
});

describe('/verification/{uuid} (spec §2)', () => {
  it('shows the spinner text and goes to /app on success', async () => {
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'POST /api/auth/verification': () => ok('verified-token'),
      'GET /api/user/check/': () => ok({ user: USER }),
    });
    renderApp('/verification/abc-123');
    expect(
      await screen.findByText(
        "Please wait don't refresh your page, while we are verifying your email Id.....",
      ),
    ).toBeTruthy();
    expect(await screen.findByTestId('main-app')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/verification')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/verification')[0]?.body).toEqual({ uuid: 'abc-123' });
    expect(window.localStorage.getItem('token')).toBe('verified-token');
  });

  it('goes to / on failure', async () => {
    installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'POST /api/auth/verification': () => fail('Invalid link'),
    });
    renderApp('/verification/bad');
    expect(await screen.findByTestId('free-trial-page')).toBeTruthy();
  });
});

describe('/sign-up, the older form (spec §2, §5, §7)', () => {
  it("asks for every field with 'Please input your ...'", async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/sign-up');
    fireEvent.click(await screen.findByTestId('sign-up-submit'));
    for (const text of [
      'Please input your first name!',
      'Please input your last name!',
      'Please input your email!',
      'Please input your organisation!',
      'Please input your password!',
      'Please input your confirm password!',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
  });

  it('creates an organisationAdmin and shows the verification notice', async () => {
    const server = installFakeServer({
      'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
      'POST /api/auth/new': () => ok(null),
    });
    renderApp('/sign-up');
    await screen.findByTestId('sign-up-submit');
    type('sign-up-first-name', 'Asha');
    type('sign-up-last-name', 'Verma');
    type('sign-up-email', 'asha@example.com');
    type('sign-up-organisation', 'Example Ltd');
    type('sign-up-password', 'Secret#123');
    type('sign-up-confirm-password', 'Secret#123');
    fireEvent.click(screen.getByTestId('sign-up-submit'));
    expect(
      await screen.findByText('Verification email has been sent to the registered email id'),
    ).toBeTruthy();
    expect(server.callsTo('POST /api/auth/new')[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.com',
      organisation: 'Example Ltd',
      password: 'Secret#123',
      confirmPassword: 'Secret#123',
      role: 'organisationAdmin',
    });
  });
});

describe('other routes (spec §2)', () => {
  it('shows the privacy policy with the 18+ checkbox and no banner', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/privacy-policy');
    expect(
      await screen.findByText('I am above 18 years of age and have read and accepted Privacy Policy'),
    ).toBeTruthy();
    expect(screen.getByText(/3 years/)).toBeTruthy();
    expect(screen.getByText(/10 business days/)).toBeTruthy();
    expect(screen.getByText(/at least 18 years old/)).toBeTruthy();
    expect(screen.queryByTestId('language-banner')).toBeNull();
  });

  it('redirects an unknown path to /', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/no/such/page');
    expect(await screen.findByTestId('free-trial-page')).toBeTruthy();
  });

  it('shows the banner page on /register', async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/register');
    expect(await screen.findByTestId('register-page')).toBeTruthy();
    expect(screen.getByText('Accelerate website and mobile localisation')).toBeTruthy();
  });
});
