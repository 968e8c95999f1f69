import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@bhasha/contract';
import {
  authHeaders,
  buildTestApp,
  createTestClock,
  createUserWithToken,
  type TestApp,
} from '../support/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server';

const PUBLIC_URL = 'https://dash.bhasha.test';

describe('organisations created by a super admin, and contract acceptance', () => {
  const clock = createTestClock();
  let t: TestApp;
  let smtp: TestSmtpServer;
  let superAdminToken: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_URL } });
    superAdminToken = (await createUserWithToken(t, { role: 'superAdmin' })).token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: token ? authHeaders(token, clock.now()) : {},
    });

  describe('POST /api/auth/newOrganisation', () => {
    it('creates the organisation and its admin with an apikey, and invites the admin to choose a password', async () => {
      const res = await post(
        '/api/auth/newOrganisation',
        { organisation: 'Sabha Media', name: 'Anil Rao', email: 'Anil@Sabha-Media.in', phone: '9123456780' },
        superAdminToken,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.message).toBe(AUTH_MESSAGES.organisationCreated);
      expect(body.data.organisation).toMatchObject({ name: 'Sabha Media', plan: 'paid' });
      expect(body.data.user).toMatchObject({
        name: 'Anil Rao',
        email: 'anil@sabha-media.in',
        role: 'organisationAdmin',
        organisationId: body.data.organisation.id,
        contractAgreed: false,
      });
      expect(body.data.user.apikey).toMatch(/^bhk_[\w-]{8}$/);

      const mail = await smtp.waitFor((m) => m.to.includes('anil@sabha-media.in'));
      expect(mail.subject).toBe('Your Bhasha account for Sabha Media');
      const token = mail.text.match(/https:\/\/dash\.bhasha\.test\/new-password\/([\w-]+)/)?.[1];
      expect(token).toBeTruthy();
      const set = await post('/api/auth/update-password', { password: 'chosen-by-anil', token });
      expect(set.statusCode).toBe(200);
      const login = await post('/api/auth', { email: 'anil@sabha-media.in', password: 'chosen-by-anil' });
      expect(login.json().data.user.role).toBe('organisationAdmin');
    });

    it('with a password, the admin can sign in at once and gets a welcome e-mail', async () => {
      const res = await post(
        '/api/auth/newOrganisation',
        {
          organisation: 'Kaveri Books',
          name: 'Lata N',
          email: 'lata@kaveri-books.in',
          password: 'given-by-admin',
          plan: 'free',
        },
        superAdminToken,
      );
      expect(res.json().data.organisation.plan).toBe('free');
      const mail = await smtp.waitFor((m) => m.to.includes('lata@kaveri-books.in'));
      expect(mail.text).toContain(`${PUBLIC_URL}/sign-in`);
      expect(mail.text).not.toContain('new-password');
      expect(
        (await post('/api/auth', { email: 'lata@kaveri-books.in', password: 'given-by-admin' })).statusCode,
      ).toBe(200);
    });

    it('is for super admins only', async () => {
      const payload = { organisation: 'Nope Ltd', name: 'No One', email: 'no-one@nope.in' };
      expect((await post('/api/auth/newOrganisation', payload)).statusCode).toBe(401);
      const { token } = await createUserWithToken(t, { role: 'organisationAdmin' });
      const forbidden = await post('/api/auth/newOrganisation', payload, token);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ success: false, type: 'FORBIDDEN' });
    });

    it('validates its fields and refuses an e-mail id already registered', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ organisation: '' }, AUTH_MESSAGES.organisationNameRequired],
        [{ name: ' ' }, AUTH_MESSAGES.adminNameRequired],
        [{ email: '' }, VALIDATION_MESSAGES.signInEmailRequired],
        [{ email: 'broken@' }, VALIDATION_MESSAGES.emailInvalid],
        [{ password: 'two words' }, VALIDATION_MESSAGES.passwordWhitespace],
        [{ phone: '12345' }, VALIDATION_MESSAGES.phoneInvalid],
      ];
      for (const [change, message] of cases) {
        const res = await post(
          '/api/auth/newOrganisation',
          { organisation: 'Valid Org', name: 'Valid Name', email: 'valid@org.in', ...change },
          superAdminToken,
        );
        expect(res.statusCode, message).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const { user } = await createUserWithToken(t);
      const taken = await post(
        '/api/auth/newOrganisation',
        { organisation: 'Dup', name: 'Dup', email: user.email },
        superAdminToken,
      );
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(AUTH_MESSAGES.emailAlreadyRegistered);
    });
  });

  describe('POST /api/user/edit (contract acceptance)', () => {
    it("records the caller's agreement with its own apikey", async () => {
      const { user, token } = await createUserWithToken(t, { apikey: 'bk_contract_owner_key' });
      const res = await post(
        '/api/user/edit',
        { apikey: 'bk_contract_owner_key', updateObj: { contractAgreed: true } },
        token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: AUTH_MESSAGES.contractAgreed,
        data: { user: { id: user.id, contractAgreed: true } },
      });
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/user/check/',
        headers: authHeaders(token, clock.now()),
      });
      expect(check.json().data.user.contractAgreed).toBe(true);
      // Agreeing again is harmless.
      expect(
        (
          await post(
            '/api/user/edit',
            { apikey: 'bk_contract_owner_key', updateObj: { contractAgreed: true } },
            token,
          )
        ).statusCode,
      ).toBe(200);
    });

    it("answers 'Something went wrong' without an apikey, with another user's apikey, or with a user that has none", async () => {
      const { token } = await createUserWithToken(t, { apikey: 'bk_mine' });
      await createUserWithToken(t, { apikey: 'bk_someone_else' });
      const missing = await post('/api/user/edit', { updateObj: { contractAgreed: true } }, token);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ success: false, message: ERROR_MESSAGES.somethingWentWrong });
      const empty = await post('/api/user/edit', { apikey: '', updateObj: { contractAgreed: true } }, token);
      expect(empty.json().message).toBe(ERROR_MESSAGES.somethingWentWrong);
      const foreign = await post(
        '/api/user/edit',
        { apikey: 'bk_someone_else', updateObj: { contractAgreed: true } },
        token,
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toBe(ERROR_MESSAGES.somethingWentWrong);
      const { token: noKey } = await createUserWithToken(t, { apikey: null });
      expect(
        (
          await post('/api/user/edit', { apikey: 'bk_mine', updateObj: { contractAgreed: true } }, noKey)
        ).json().message,
      ).toBe(ERROR_MESSAGES.somethingWentWrong);
      const { rows } = await t.handle.executeSql(
        `SELECT count(*)::int AS n FROM users WHERE apikey_prefix IN ('bk_mine', 'bk_someone_else') AND contract_agreed`,
      );
      expect(rows[0]?.n).toBe(0);
    });

    it('accepts only contractAgreed: true, and only signed in', async () => {
      const { token } = await createUserWithToken(t, { apikey: 'bk_strict' });
      const other = await post(
        '/api/user/edit',
        { apikey: 'bk_strict', updateObj: { contractAgreed: false } },
        token,
      );
      expect(other.statusCode).toBe(400);
      const role = await post(
        '/api/user/edit',
        { apikey: 'bk_strict', updateObj: { role: 'superAdmin' } },
        token,
      );
      expect(role.statusCode).toBe(400);
      expect(
        (await post('/api/user/edit', { apikey: 'bk_strict', updateObj: { contractAgreed: true } }))
          .statusCode,
      ).toBe(401);
    });
  });
});
