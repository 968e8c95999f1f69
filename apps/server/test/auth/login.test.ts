import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, VALIDATION_MESSAGES } from '@bhasha/contract';
import {
  authHeaders,
  buildTestApp,
  createTestClock,
  createUserWithToken,
  type TestApp,
} from '../support/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import type * as PasswordModule from '../../src/lib/password';

// Counts real password checks, to prove concurrent guesses cannot get more than five in.
const passwordChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/lib/password', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return {
    ...actual,
    verifyPassword: (hash: string, password: string) => {
      passwordChecks.count += 1;
      return actual.verifyPassword(hash, password);
    },
  };
});

const PASSWORD = 'correct-horse-battery';
const MINUTE = 60 * 1000;

describe('POST /api/auth (sign in)', () => {
  const clock = createTestClock(new Date('2026-03-01T10:00:00Z'));
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://dash.bhasha.test' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    passwordChecks.count = 0;
  });

  const login = (email: string, password: string, extra: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email, password, recaptchaValue: 'x', ...extra },
    });

  let n = 0;
  const newUser = (overrides: Parameters<typeof createUserWithToken>[1] = {}) =>
    createUserWithToken(t, { email: `login${(n += 1)}@example.in`, password: PASSWORD, ...overrides });

  it('signs in with the right password and answers token and user', async () => {
    const { user } = await newUser({ apikey: 'bk_login_test_key' });
    const res = await login(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: AUTH_MESSAGES.loggedIn });
    expect(body.data.user).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      role: 'organisationAdmin',
      organisationId: null,
      // Only the visible prefix of the key: the key itself is never shown again.
      apikey: 'bk_login_te',
      contractAgreed: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|failedAttempts|tokenVersion/);
    // The token works for the token check.
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: authHeaders(body.data.token, clock.now()),
    });
    expect(check.json().data.user.id).toBe(user.id);
  });

  it('accepts a missing or null recaptchaValue', async () => {
    const { user } = await newUser();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { email: user.email, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(user.email, PASSWORD, { recaptchaValue: null })).statusCode).toBe(200);
  });

  it("answers the spec's messages for a missing e-mail or password", async () => {
    const noEmail = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { password: 'x' } });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({
      success: false,
      type: 'VALIDATION_ERROR',
      message: VALIDATION_MESSAGES.signInEmailRequired,
    });
    const blankEmail = await login('   ', 'x');
    expect(blankEmail.json().message).toBe(VALIDATION_MESSAGES.signInEmailRequired);
    const noPassword = await login('someone@example.in', '');
    expect(noPassword.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      message: VALIDATION_MESSAGES.passwordRequired,
    });
  });

  it('answers an unknown e-mail like a wrong password, after a password check', async () => {
    const res = await login('nobody@example.in', 'whatever-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      type: 'UNAUTHORIZED',
      message: AUTH_MESSAGES.invalidCredentials,
      data: { locked: false, attempts: 0 },
    });
    expect(passwordChecks.count).toBe(1);
  });

  it('counts consecutive failures, locks on the fifth for 30 minutes, then lets the right password in', async () => {
    const { user } = await newUser();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await login(user.email, 'wrong-password');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        success: false,
        message: AUTH_MESSAGES.invalidCredentials,
        data: { locked: false, attempts: attempt },
      });
    }
    const fifth = await login(user.email, 'wrong-password');
    expect(fifth.json()).toMatchObject({
      success: false,
      message: AUTH_MESSAGES.accountLocked,
      data: { locked: true, attempts: 5 },
    });
    expect(fifth.json().message).toContain('30 minutes');

    // Locked: even the right password is refused, and no password is checked.
    passwordChecks.count = 0;
    const whileLocked = await login(user.email, PASSWORD);
    expect(whileLocked.statusCode).toBe(401);
    expect(whileLocked.json()).toMatchObject({ data: { locked: true, attempts: 5 } });
    expect(passwordChecks.count).toBe(0);

    clock.advance(29 * MINUTE);
    expect((await login(user.email, PASSWORD)).json().data).toEqual({ locked: true, attempts: 5 });

    clock.advance(1 * MINUTE + 1000);
    const after = await login(user.email, PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(after.json().success).toBe(true);

    // The count started again: a new failure is attempt 1.
    expect((await login(user.email, 'wrong-password')).json().data).toEqual({ locked: false, attempts: 1 });
  });

  it('starts a new count after a lock expires with a wrong password', async () => {
    const { user } = await newUser();
    for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong-password');
    clock.advance(31 * MINUTE);
    expect((await login(user.email, 'wrong-password')).json().data).toEqual({ locked: false, attempts: 1 });
  });

  it('resets the failure count after a successful sign-in', async () => {
    const { user } = await newUser();
    await login(user.email, 'wrong-password');
    await login(user.email, 'wrong-password');
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, 'wrong-password')).json().data).toEqual({ locked: false, attempts: 1 });
  });

  it('lets at most five of ten concurrent wrong attempts check the password', async () => {
    const { user } = await newUser();
    passwordChecks.count = 0;
    const answers = await Promise.all(Array.from({ length: 10 }, () => login(user.email, 'wrong-password')));
    expect(passwordChecks.count).toBeLessThanOrEqual(5);
    expect(passwordChecks.count).toBe(5);
    const bodies = answers.map((a) => a.json());
    expect(bodies.every((b) => b.success === false)).toBe(true);
    // Attempts 1..5 each reported once by the admitted checks; the rest answer locked.
    const checked = bodies
      .filter((b) => b.data.locked === false)
      .map((b) => b.data.attempts)
      .sort();
    expect(checked).toEqual([1, 2, 3, 4]);
    expect(bodies.filter((b) => b.data.locked === true)).toHaveLength(6);
    // And the account is locked for the right password too.
    expect((await login(user.email, PASSWORD)).json().data.locked).toBe(true);
  });

  it('refuses an inactive account only after the right password', async () => {
    const { user } = await newUser({ status: 'inactive' });
    const wrong = await login(user.email, 'wrong-password');
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    const right = await login(user.email, PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      success: false,
      message: AUTH_MESSAGES.accountInactive,
      data: { locked: false, attempts: 0 },
    });
  });

  it('refuses an unverified e-mail id and sends a fresh verification link', async () => {
    const { user } = await newUser({ emailVerified: false });
    const res = await login(user.email, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      message: AUTH_MESSAGES.emailNotVerified,
      data: { locked: false, attempts: 0 },
    });
    // A second try within the resend interval sends no second e-mail.
    expect((await login(user.email, PASSWORD)).statusCode).toBe(403);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    await t.services.background.drain();
    expect(smtp.mailsTo(user.email)).toHaveLength(1);
    expect(mail.subject).toBe('Verify your email id for Bhasha');
    const uuid = mail.text.match(/https:\/\/dash\.bhasha\.test\/verification\/([\w-]+)/)?.[1];
    expect(uuid).toBeTruthy();
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verification', payload: { uuid } });
    expect(verified.statusCode).toBe(200);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });
});
