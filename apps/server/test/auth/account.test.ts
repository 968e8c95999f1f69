import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ROLES, SUCCESS_MESSAGES, VALIDATION_MESSAGES } from '@bhasha/contract';
import {
  authHeaders,
  buildTestApp,
  createTestClock,
  createUserWithToken,
  type TestApp,
} from '../support/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server';

const PUBLIC_URL = 'https://dash.bhasha.test';
const PASSWORD = 'correct-horse-battery';
const MINUTE = 60 * 1000;

function linkToken(text: string, path: string): string {
  const escaped = `${PUBLIC_URL}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const token = text.match(new RegExp(`${escaped}([\\w-]+)`))?.[1];
  if (!token) throw new Error(`no ${path} link in:\n${text}`);
  return token;
}

describe('sign-up, e-mail verification, password reset and sign-out', () => {
  const clock = createTestClock(new Date('2026-04-01T09:00:00Z'));
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp({
      clock,
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: 'Bhasha <no-reply@bhasha.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
  const login = (email: string, password: string) => post('/api/auth', { email, password });

  const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Meera',
    lastName: 'Iyer',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    organisation: 'Iyer Textiles',
    ...extra,
  });

  describe('POST /api/auth/new', () => {
    it('creates the organisation and an unverified organisation admin, and e-mails the verification link', async () => {
      const res = await post('/api/auth/new', signUpBody('Meera@Iyer-Textiles.in'), {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: SUCCESS_MESSAGES.verificationEmailSent,
        data: null,
      });
      expect(res.json().message).toBe('Verification email has been sent to the registered email id');

      const mail = await smtp.waitFor((m) => m.to.includes('meera@iyer-textiles.in'));
      expect(mail.from).toContain('no-reply@bhasha.test');
      expect(mail.subject).toBe('Verify your email id for Bhasha');
      expect(mail.text).toContain('Hello Meera Iyer');
      expect(mail.html).toContain('Verify email id');
      expect(mail.text).not.toContain('evil.example');
      const uuid = linkToken(mail.text, '/verification/');
      expect(mail.html).toContain(`${PUBLIC_URL}/verification/${uuid}`);

      const { rows } = await t.handle.executeSql(
        `SELECT u.role, u.email_verified, u.apikey_hash, u.apikey_prefix, o.name, o.plan FROM users u JOIN organisations o ON o.id = u.organisation_id WHERE u.email = $1`,
        ['meera@iyer-textiles.in'],
      );
      expect(rows[0]).toMatchObject({
        role: 'organisationAdmin',
        email_verified: false,
        name: 'Iyer Textiles',
        plan: 'free',
      });
      expect(String(rows[0]?.apikey_prefix)).toMatch(/^bhk_[\w-]{8}$/);
      expect(String(rows[0]?.apikey_hash)).toMatch(/^[0-9a-f]{64}$/);
      // Only the hash of the link token is stored.
      const stored = await t.handle.executeSql(`SELECT token_hash FROM auth_tokens`);
      expect(JSON.stringify(stored.rows)).not.toContain(uuid);

      // Not verified yet: sign-in is refused after the right password.
      expect((await login('meera@iyer-textiles.in', PASSWORD)).json().message).toBe(
        AUTH_MESSAGES.emailNotVerified,
      );

      // The link verifies and signs in, once.
      const verified = await post('/api/auth/verification', { uuid });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.emailVerified });
      const token = verified.json().data as string;
      expect(typeof token).toBe('string');
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/user/check/',
        headers: authHeaders(token, clock.now()),
      });
      expect(check.json().data.user).toMatchObject({
        email: 'meera@iyer-textiles.in',
        role: 'organisationAdmin',
        contractAgreed: false,
      });

      const again = await post('/api/auth/verification', { uuid });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.verificationLinkInvalid });
      expect((await login('meera@iyer-textiles.in', PASSWORD)).statusCode).toBe(200);
    });

    it('defaults the role to organisationAdmin and refuses any other role', async () => {
      const res = await post('/api/auth/new', signUpBody('owner@kumar-foods.in', { role: ROLES.superAdmin }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: AUTH_MESSAGES.roleNotAllowed });
      const ok = await post(
        '/api/auth/new',
        signUpBody('owner@kumar-foods.in', { role: ROLES.organisationAdmin }),
      );
      expect(ok.statusCode).toBe(200);
    });

    it('answers the form messages for every missing or bad field and creates nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ firstName: '' }, VALIDATION_MESSAGES.firstNameRequired],
        [{ lastName: undefined }, VALIDATION_MESSAGES.lastNameRequired],
        [{ email: '' }, VALIDATION_MESSAGES.signInEmailRequired],
        [{ email: 'not-an-email' }, VALIDATION_MESSAGES.emailInvalid],
        [{ organisation: ' ' }, VALIDATION_MESSAGES.organisationRequired],
        [{ password: '' }, VALIDATION_MESSAGES.passwordRequired],
        [
          { password: 'has space 123', confirmPassword: 'has space 123' },
          VALIDATION_MESSAGES.passwordWhitespace,
        ],
        [{ password: 'short', confirmPassword: 'short' }, AUTH_MESSAGES.passwordTooShort],
        [{ confirmPassword: '' }, VALIDATION_MESSAGES.confirmPasswordRequired],
        [{ confirmPassword: 'different-password' }, VALIDATION_MESSAGES.passwordMismatch],
      ];
      for (const [change, message] of cases) {
        const res = await post('/api/auth/new', signUpBody('bad-input@example.in', change));
        expect(res.statusCode, message).toBe(400);
        expect(res.json(), message).toMatchObject({ success: false, type: 'VALIDATION_ERROR', message });
      }
      const { rows } = await t.handle.executeSql(
        `SELECT count(*)::int AS n FROM users WHERE email = 'bad-input@example.in'`,
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('refuses an e-mail id that is already registered', async () => {
      await post('/api/auth/new', signUpBody('twice@example.in'));
      const res = await post('/api/auth/new', signUpBody('TWICE@example.in'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.emailAlreadyRegistered });
    });

    it('verifies through auth/verifyEmailId too, and refuses expired or unknown links', async () => {
      await post('/api/auth/new', signUpBody('verify-id@example.in'));
      const uuid = linkToken(
        (await smtp.waitFor((m) => m.to.includes('verify-id@example.in'))).text,
        '/verification/',
      );
      const res = await post('/api/auth/verifyEmailId', { uuid });
      expect(res.statusCode).toBe(200);
      expect(typeof res.json().data).toBe('string');

      expect((await post('/api/auth/verification', { uuid: 'made-up' })).json().message).toBe(
        AUTH_MESSAGES.verificationLinkInvalid,
      );
      expect((await post('/api/auth/verification', {})).json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        message: AUTH_MESSAGES.verificationLinkInvalid,
      });

      await post('/api/auth/new', signUpBody('late@example.in'));
      const late = linkToken(
        (await smtp.waitFor((m) => m.to.includes('late@example.in'))).text,
        '/verification/',
      );
      clock.advance(49 * 60 * MINUTE);
      const expired = await post('/api/auth/verification', { uuid: late });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(AUTH_MESSAGES.verificationLinkInvalid);
    });
  });

  describe('POST /api/auth/password-reset and /api/auth/update-password', () => {
    it('answers the same for known and unknown e-mail ids and e-mails a link built from configuration', async () => {
      const { user } = await createUserWithToken(t, { email: 'reset-me@example.in', password: PASSWORD });
      const known = await post(
        '/api/auth/password-reset',
        { email: 'Reset-Me@example.in' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'https://evil.example' },
      );
      const unknown = await post('/api/auth/password-reset', { email: 'nobody-here@example.in' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ success: true, message: AUTH_MESSAGES.passwordResetSent, data: null });
      expect(unknown.json()).toEqual(known.json());

      const mail = await smtp.waitFor((m) => m.to.includes(user.email));
      expect(mail.subject).toBe('Reset your Bhasha password');
      expect(mail.text).not.toContain('evil.example');
      const token = linkToken(mail.text, '/new-password/');
      expect(mail.html).toContain(`${PUBLIC_URL}/new-password/${token}`);
      await t.services.background.drain();
      expect(smtp.mailsTo('nobody-here@example.in')).toHaveLength(0);

      // A second request within two minutes sends nothing more; later it does.
      await post('/api/auth/password-reset', { email: user.email });
      await t.services.background.drain();
      expect(smtp.mailsTo(user.email)).toHaveLength(1);
      clock.advance(3 * MINUTE);
      await post('/api/auth/password-reset', { email: user.email });
      await t.services.background.drain();
      await smtp.waitFor(() => smtp.mailsTo(user.email).length === 2);
    });

    it('validates the e-mail id', async () => {
      expect((await post('/api/auth/password-reset', {})).json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        message: VALIDATION_MESSAGES.signInEmailRequired,
      });
      expect((await post('/api/auth/password-reset', { email: 'nope' })).json().message).toBe(
        VALIDATION_MESSAGES.emailInvalid,
      );
    });

    it('sets the new password, unlocks the account, revokes older sessions and answers a new one', async () => {
      const { user, token: oldSession } = await createUserWithToken(t, {
        email: 'locked-out@example.in',
        password: PASSWORD,
      });
      for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong-password');
      expect((await login(user.email, PASSWORD)).json().data).toEqual({ locked: true, attempts: 5 });

      await post('/api/auth/password-reset', { email: user.email });
      const resetToken = linkToken(
        (await smtp.waitFor((m) => m.to.includes(user.email))).text,
        '/new-password/',
      );

      // Spec §5 rules first: nothing changes on bad input.
      const empty = await post('/api/auth/update-password', { password: '', token: resetToken });
      expect(empty.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        message: VALIDATION_MESSAGES.newPasswordRequired,
      });
      const spaced = await post('/api/auth/update-password', {
        password: 'new password 1',
        token: resetToken,
      });
      expect(spaced.json().message).toBe(VALIDATION_MESSAGES.passwordWhitespace);
      const mismatch = await post('/api/auth/update-password', {
        password: 'brand-new-pass',
        confirmPassword: 'other-pass-1',
        token: resetToken,
      });
      expect(mismatch.json().message).toBe(VALIDATION_MESSAGES.newPasswordMismatch);

      const res = await post('/api/auth/update-password', {
        password: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
        token: resetToken,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.passwordUpdated });
      const newSession = res.json().data.token as string;

      const old = await t.app.inject({
        method: 'GET',
        url: '/api/user/check/',
        headers: authHeaders(oldSession, clock.now()),
      });
      expect(old.json()).toMatchObject({ success: false, code: 500, name: 'TokenExpiredError' });
      const fresh = await t.app.inject({
        method: 'GET',
        url: '/api/user/check/',
        headers: authHeaders(newSession, clock.now()),
      });
      expect(fresh.json().data.user.id).toBe(user.id);

      expect((await login(user.email, PASSWORD)).json().data).toEqual({ locked: false, attempts: 1 });
      expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);

      // The link works once.
      const reused = await post('/api/auth/update-password', {
        password: 'another-pass-1',
        token: resetToken,
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
    });

    it('takes the token from the authorization header, and spends older open links', async () => {
      const { user } = await createUserWithToken(t, { email: 'header-token@example.in', password: PASSWORD });
      await post('/api/auth/password-reset', { email: user.email });
      const first = linkToken((await smtp.waitFor((m) => m.to.includes(user.email))).text, '/new-password/');
      clock.advance(3 * MINUTE);
      await post('/api/auth/password-reset', { email: user.email });
      await smtp.waitFor(() => smtp.mailsTo(user.email).length === 2);
      const second = linkToken(smtp.mailsTo(user.email)[1]!.text, '/new-password/');

      const res = await post(
        '/api/auth/update-password',
        { password: 'from-the-header' },
        { authorization: second },
      );
      expect(res.statusCode).toBe(200);
      expect((await login(user.email, 'from-the-header')).statusCode).toBe(200);
      expect(
        (await post('/api/auth/update-password', { password: 'older-link-1', token: first })).json().message,
      ).toBe(AUTH_MESSAGES.resetLinkInvalid);
    });

    it('refuses a missing, unknown or expired token', async () => {
      expect((await post('/api/auth/update-password', { password: 'whatever-1' })).json().message).toBe(
        AUTH_MESSAGES.resetLinkInvalid,
      );
      expect(
        (await post('/api/auth/update-password', { password: 'whatever-1', token: 'made-up' })).json()
          .message,
      ).toBe(AUTH_MESSAGES.resetLinkInvalid);
      const { user } = await createUserWithToken(t, { email: 'slow-reader@example.in', password: PASSWORD });
      await post('/api/auth/password-reset', { email: user.email });
      const token = linkToken((await smtp.waitFor((m) => m.to.includes(user.email))).text, '/new-password/');
      clock.advance(61 * MINUTE);
      const res = await post('/api/auth/update-password', { password: 'too-late-pass', token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetLinkInvalid);
      expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/clearCookie', () => {
    it('signs out: the token, and every other token of the user, stops working', async () => {
      const { user } = await createUserWithToken(t, { email: 'sign-out@example.in', password: PASSWORD });
      const a = (await login(user.email, PASSWORD)).json().data.token as string;
      const b = (await login(user.email, PASSWORD)).json().data.token as string;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/clearCookie',
        headers: authHeaders(a, clock.now()),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.signedOut, data: null });
      for (const token of [a, b]) {
        const check = await t.app.inject({
          method: 'GET',
          url: '/api/user/check/',
          headers: authHeaders(token, clock.now()),
        });
        expect(check.json()).toMatchObject({ success: false, code: 500, name: 'TokenExpiredError' });
      }
      // Signing in again works.
      expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    });

    it('needs a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/clearCookie' });
      expect(res.statusCode).toBe(401);
    });
  });
});
