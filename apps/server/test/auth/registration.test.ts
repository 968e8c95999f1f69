import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  SUCCESS_MESSAGES,
  VALIDATION_MESSAGES,
  formatOtpCooldown,
  formatOtpInvalid,
} from '@bhasha/contract';
import type { SmsProvider } from '../../src/lib/sms/sms-provider';
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp-server';
import { latestSmsOtp, otpInText, readSmsOutbox } from '../support/sms-outbox';

/** Tests that build their own app (a fresh database) get room on a busy machine. */
const APP_TEST_TIMEOUT_MS = 120_000;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const PASSWORD = 'free-trial-pass';

let sequence = 0;
/** A registration form with an e-mail id, phone and website nobody else in this file uses. */
function freshForm(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: '  Ravi Kumar  ',
    email: `ravi${sequence}@kumar-shop.in`,
    phone: `98${String(sequence).padStart(8, '0')}`,
    url: `www.shop${sequence}.example.in`,
    languages: ['hi'],
    password: PASSWORD,
    ...overrides,
  };
}

type Form = ReturnType<typeof freshForm>;

describe('free-trial registration', () => {
  const clock = createTestClock(new Date('2026-05-01T08:00:00Z'));
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

  const post = (url: string, payload: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress });

  const smsOtp = (form: Form) => latestSmsOtp(t.config.dataDir, `+91${form.phone.replace(/^0/, '')}`);

  async function emailOtp(email: string, nth = 1): Promise<string> {
    await smtp.waitFor(() => smtp.mailsTo(email).length >= nth);
    return otpInText(smtp.mailsTo(email)[nth - 1]!.text);
  }

  /** Send OTP as the form does: the mobile and the e-mail call. */
  async function start(form: Form) {
    const sms = await post('/api/auth/sendOtp', form);
    expect(sms.statusCode, sms.body).toBe(200);
    const mail = await post('/api/auth/sendEmailOTP', { email: form.email });
    expect(mail.statusCode, mail.body).toBe(200);
    return {
      authenticationCode: sms.json().data.authenticationCode as string,
      verifyEmailToken: mail.json().data.token as string,
    };
  }

  async function verifyBoth(form: Form, codes: { authenticationCode: string; verifyEmailToken: string }) {
    const mobile = await post('/api/auth/verifyOtp', {
      otp: smsOtp(form),
      authenticationCode: codes.authenticationCode,
    });
    expect(mobile.statusCode, mobile.body).toBe(200);
    const mail = await post('/api/auth/verifyEmailOTP', {
      otp: await emailOtp(form.email),
      verifyEmailToken: codes.verifyEmailToken,
      authenticationCode: codes.authenticationCode,
      email: form.email,
    });
    expect(mail.statusCode, mail.body).toBe(200);
  }

  it('registers end to end: OTPs by SMS and e-mail, then the free organisation, admin and website project', async () => {
    const form = freshForm();
    const sent = await post('/api/auth/sendOtp', form);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, message: SUCCESS_MESSAGES.otpSent });
    const authenticationCode = sent.json().data.authenticationCode as string;
    expect(authenticationCode).toMatch(/^[\w-]{43,}$/);

    const sms = readSmsOutbox(t.config.dataDir).filter((m) => m.to === `+91${form.phone}`);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/^\d{6} is your Bhasha verification code\. It is valid for 10 minutes\./);

    const mailOtp = await post('/api/auth/sendEmailOTP', { email: form.email });
    expect(mailOtp.json()).toMatchObject({ success: true, message: AUTH_MESSAGES.emailOtpSent });
    const verifyEmailToken = mailOtp.json().data.token as string;
    const mail = await smtp.waitFor((m) => m.to.includes(form.email));
    expect(mail.subject).toMatch(/^\d{6} is your Bhasha verification code$/);

    // Secrets are stored hashed only.
    const stored = await t.handle.executeSql(
      `SELECT authentication_code_hash, password_hash FROM registrations`,
    );
    expect(JSON.stringify(stored.rows)).not.toContain(authenticationCode);
    expect(JSON.stringify(stored.rows)).not.toContain(PASSWORD);
    const otpRows = await t.handle.executeSql(`SELECT code_hash, token_hash FROM otps`);
    expect(JSON.stringify(otpRows.rows)).not.toContain(smsOtp(form));
    expect(JSON.stringify(otpRows.rows)).not.toContain(verifyEmailToken);

    // Onboarding before the OTPs are verified is refused.
    const early = await post('/api/auth/onboard/free-org', { authenticationCode });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(AUTH_MESSAGES.otpsNotVerified);

    const mobile = await post('/api/auth/verifyOtp', { otp: smsOtp(form), authenticationCode });
    expect(mobile.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.mobileVerified,
      data: { verified: true },
    });
    const halfway = await post('/api/auth/onboard/free-org', { authenticationCode });
    expect(halfway.json().message).toBe(AUTH_MESSAGES.otpsNotVerified);

    const email = await post('/api/auth/verifyEmailOTP', {
      otp: otpInText(mail.text),
      verifyEmailToken,
      authenticationCode,
      email: form.email,
    });
    expect(email.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.emailOtpVerified,
      data: { verified: true },
    });

    const onboarded = await post('/api/auth/onboard/free-org', { authenticationCode });
    expect(onboarded.statusCode).toBe(200);
    const data = onboarded.json().data as { token: string; projectId: string; role: string };
    expect(onboarded.json().message).toBe(AUTH_MESSAGES.onboarded);
    expect(data.role).toBe('freeOrgAdmin');

    const check = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: authHeaders(data.token, clock.now()),
    });
    const user = check.json().data.user;
    expect(user).toMatchObject({
      name: 'Ravi Kumar',
      email: form.email,
      role: 'freeOrgAdmin',
      contractAgreed: true,
    });
    expect(user.apikey).toMatch(/^bhk_[\w-]{8}$/);

    const { rows } = await t.handle.executeSql(
      `SELECT p.name, p.type, p.base_url, p.source_language, p.target_languages, p.status, o.plan, o.name AS org, u.phone, u.email_verified
         FROM projects p JOIN organisations o ON o.id = p.organisation_id JOIN users u ON u.organisation_id = o.id WHERE p.id = $1`,
      [data.projectId],
    );
    expect(rows[0]).toMatchObject({
      name: `shop${sequence}.example.in`,
      type: 'website',
      base_url: `https://www.shop${sequence}.example.in`,
      source_language: 'en',
      target_languages: ['hi'],
      status: 'partialCreated',
      plan: 'free',
      org: `shop${sequence}.example.in`,
      phone: form.phone,
      email_verified: true,
    });

    // Exactly once.
    const second = await post('/api/auth/onboard/free-org', { authenticationCode });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ success: false, message: AUTH_MESSAGES.registrationCompleted });

    // The new admin signs in with the registered password.
    const login = await post('/api/auth', { email: form.email, password: PASSWORD });
    expect(login.json().data.user.role).toBe('freeOrgAdmin');

    // The website and the e-mail id are now taken.
    const exists = await post('/api/auth/checkProjectExists', {
      url: `https://SHOP${sequence}.example.in/about`,
    });
    expect(exists.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.projectFound,
      data: { exists: true },
    });
    const again = await post('/api/auth/sendOtp', { ...freshForm(), email: form.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_MESSAGES.emailAlreadyRegistered);
    const sameSite = await post(
      '/api/auth/sendOtp',
      freshForm({ url: `http://shop${sequence - 1}.example.in` }),
    );
    expect(sameSite.statusCode).toBe(409);
    expect(sameSite.json().message).toBe(AUTH_MESSAGES.projectExists);
    const mailAgain = await post('/api/auth/sendEmailOTP', { email: form.email });
    expect(mailAgain.statusCode).toBe(409);
  });

  it('checkProjectExists answers false for a new website and validates the URL', async () => {
    const res = await post('/api/auth/checkProjectExists', { url: 'www.never-seen.example.org' });
    expect(res.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.projectNotFound,
      data: { exists: false },
    });
    for (const url of [undefined, '', 'not a url', 'ftp://files.example.org', 'http://localhost']) {
      const bad = await post('/api/auth/checkProjectExists', { url });
      expect(bad.statusCode, String(url)).toBe(400);
      expect(bad.json().message).toBe(VALIDATION_MESSAGES.urlInvalid);
    }
  });

  it('answers every validation rule of spec §5 with its message, and stores nothing', async () => {
    const before = await t.handle.executeSql(`SELECT count(*)::int AS n FROM registrations`);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, VALIDATION_MESSAGES.nameRequired],
      [{ name: '   ' }, VALIDATION_MESSAGES.nameRequired],
      [{ name: ' ab  ' }, VALIDATION_MESSAGES.nameTooShort],
      [{ url: undefined }, VALIDATION_MESSAGES.urlInvalid],
      [{ url: 'example' }, VALIDATION_MESSAGES.urlInvalid],
      [{ url: 'javascript:alert(1)' }, VALIDATION_MESSAGES.urlInvalid],
      [{ email: '' }, VALIDATION_MESSAGES.emailRequired],
      [{ email: undefined }, VALIDATION_MESSAGES.emailRequired],
      [{ email: 'plainaddress' }, VALIDATION_MESSAGES.emailInvalid],
      [{ email: 'ravi@example' }, VALIDATION_MESSAGES.emailInvalid],
      [{ email: 'ravi@mail.example.in' }, VALIDATION_MESSAGES.emailInvalid],
      [{ email: 'ravi@example.c' }, VALIDATION_MESSAGES.emailInvalid],
      [{ email: 'ravi@e.com' }, VALIDATION_MESSAGES.emailInvalid],
      [{ email: 'ravi..kumar@example.com' }, VALIDATION_MESSAGES.emailInvalid],
      [{ email: 'ravi@example..com' }, VALIDATION_MESSAGES.emailInvalid],
      [{ password: '' }, VALIDATION_MESSAGES.passwordRequired],
      [{ password: 'free trial' }, VALIDATION_MESSAGES.passwordWhitespace],
      [{ password: 'free\ttrial' }, VALIDATION_MESSAGES.passwordWhitespace],
      [{ password: 'short' }, AUTH_MESSAGES.passwordTooShort],
      [{ languages: undefined }, VALIDATION_MESSAGES.languagesRequired],
      [{ languages: [] }, VALIDATION_MESSAGES.languagesRequired],
      [{ languages: ['hi', 'ta'] }, AUTH_MESSAGES.onlyOneLanguage],
      [{ languages: ['klingon'] }, AUTH_MESSAGES.languageInvalid],
      [{ phone: '' }, VALIDATION_MESSAGES.phoneInvalid],
      [{ phone: undefined }, VALIDATION_MESSAGES.phoneInvalid],
      [{ phone: '5876543210' }, VALIDATION_MESSAGES.phoneInvalid],
      [{ phone: '98765' }, VALIDATION_MESSAGES.phoneInvalid],
      [{ phone: '98765432101' }, VALIDATION_MESSAGES.phoneInvalid],
      [{ phone: '+919876543210' }, VALIDATION_MESSAGES.phoneInvalid],
    ];
    for (const [change, message] of cases) {
      const res = await post('/api/auth/sendOtp', freshForm(change));
      expect(res.statusCode, `${JSON.stringify(change)} → ${res.body}`).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({
        success: false,
        type: 'VALIDATION_ERROR',
        message,
      });
      expect(res.json().data).toContain(message);
    }
    const after = await t.handle.executeSql(`SELECT count(*)::int AS n FROM registrations`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('accepts a leading 0 on the mobile number and a www. URL, storing them normalised', async () => {
    const form = freshForm();
    const res = await post('/api/auth/sendOtp', {
      ...form,
      phone: `0${form.phone}`,
      email: form.email.toUpperCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.handle.executeSql(
      `SELECT phone, email, website_url, name FROM registrations WHERE email = $1`,
      [form.email],
    );
    expect(rows[0]).toEqual({
      phone: form.phone,
      email: form.email,
      website_url: `https://${form.url}`,
      name: 'Ravi Kumar',
    });
    expect(readSmsOutbox(t.config.dataDir).some((m) => m.to === `+91${form.phone}`)).toBe(true);
  });

  it('counts wrong mobile OTPs: four tries left after the first, none after the fifth', async () => {
    const form = freshForm();
    const { authenticationCode } = await start(form);
    const right = smsOtp(form);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await post('/api/auth/verifyOtp', { otp: wrong, authenticationCode });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(formatOtpInvalid(5 - attempt));
    }
    const fifth = await post('/api/auth/verifyOtp', { otp: wrong, authenticationCode });
    expect(fifth.json().message).toBe(AUTH_MESSAGES.otpTooManyAttempts);
    const late = await post('/api/auth/verifyOtp', { otp: right, authenticationCode });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(AUTH_MESSAGES.otpTooManyAttempts);

    // A new OTP after the cooldown works.
    clock.advance(121 * SECOND);
    expect((await post('/api/auth/resendOtp', { authenticationCode })).statusCode).toBe(200);
    expect((await post('/api/auth/verifyOtp', { otp: smsOtp(form), authenticationCode })).statusCode).toBe(
      200,
    );
  });

  it('refuses concurrent guesses beyond five tries', async () => {
    const form = freshForm();
    const { authenticationCode } = await start(form);
    const right = smsOtp(form);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(right) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((otp) => post('/api/auth/verifyOtp', { otp, authenticationCode })),
    );
    const invalid = answers.filter((a) => /^Invalid OTP\./.test(a.json().message as string));
    expect(invalid.length).toBe(4);
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    expect((await post('/api/auth/verifyOtp', { otp: right, authenticationCode })).json().message).toBe(
      AUTH_MESSAGES.otpTooManyAttempts,
    );
  });

  it('expires an OTP after 10 minutes', async () => {
    const form = freshForm();
    const { authenticationCode, verifyEmailToken } = await start(form);
    const code = smsOtp(form);
    const mailCode = await emailOtp(form.email);
    clock.advance(10 * MINUTE + SECOND);
    const res = await post('/api/auth/verifyOtp', { otp: code, authenticationCode });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.otpExpired);
    const mail = await post('/api/auth/verifyEmailOTP', {
      otp: mailCode,
      verifyEmailToken,
      authenticationCode,
      email: form.email,
    });
    expect(mail.json().message).toBe(AUTH_MESSAGES.otpExpired);
  });

  it('uses each OTP once', async () => {
    const form = freshForm();
    const codes = await start(form);
    await verifyBoth(form, codes);
    const mobile = await post('/api/auth/verifyOtp', {
      otp: smsOtp(form),
      authenticationCode: codes.authenticationCode,
    });
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json().message).toBe(AUTH_MESSAGES.mobileAlreadyVerified);
    const mail = await post('/api/auth/verifyEmailOTP', {
      otp: await emailOtp(form.email),
      verifyEmailToken: codes.verifyEmailToken,
      authenticationCode: codes.authenticationCode,
      email: form.email,
    });
    expect(mail.statusCode).toBe(409);
    expect(mail.json().message).toBe(AUTH_MESSAGES.emailAlreadyVerified);

    // The spent e-mail OTP cannot verify another registration of the same e-mail id either.
    clock.advance(121 * SECOND);
    const other = await post('/api/auth/sendOtp', { ...freshForm(), email: form.email });
    const reuse = await post('/api/auth/verifyEmailOTP', {
      otp: await emailOtp(form.email),
      verifyEmailToken: codes.verifyEmailToken,
      authenticationCode: other.json().data.authenticationCode,
      email: form.email,
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe(AUTH_MESSAGES.otpUsed);
  });

  it('resends the mobile OTP only after 120 seconds, and only the newest OTP counts', async () => {
    const form = freshForm();
    const { authenticationCode } = await start(form);
    const first = smsOtp(form);

    const now = await post('/api/auth/resendOtp', { authenticationCode });
    expect(now.statusCode).toBe(429);
    expect(now.json()).toMatchObject({
      success: false,
      type: 'RATE_LIMITED',
      message: formatOtpCooldown(120),
      data: { retryAfterSeconds: 120 },
    });
    clock.advance(75 * SECOND);
    expect((await post('/api/auth/resendOtp', { authenticationCode })).json().message).toBe(
      formatOtpCooldown(45),
    );
    clock.advance(45 * SECOND);
    const resent = await post('/api/auth/resendOtp', { authenticationCode });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({
      success: true,
      message: AUTH_MESSAGES.mobileOtpResent,
      data: { authenticationCode },
    });
    expect(readSmsOutbox(t.config.dataDir).filter((m) => m.to === `+91${form.phone}`)).toHaveLength(2);

    const second = smsOtp(form);
    if (second !== first) {
      const old = await post('/api/auth/verifyOtp', { otp: first, authenticationCode });
      expect(old.json().message).toBe(formatOtpInvalid(4));
    }
    expect((await post('/api/auth/verifyOtp', { otp: second, authenticationCode })).statusCode).toBe(200);
    clock.advance(121 * SECOND);
    const after = await post('/api/auth/resendOtp', { authenticationCode });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(AUTH_MESSAGES.mobileAlreadyVerified);
  });

  it('resends the e-mail OTP only after 120 seconds; an older e-mail OTP is replaced', async () => {
    const form = freshForm();
    const { authenticationCode, verifyEmailToken } = await start(form);
    const early = await post('/api/auth/sendEmailOTP', { email: form.email });
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe(formatOtpCooldown(120));
    clock.advance(120 * SECOND);
    const again = await post('/api/auth/sendEmailOTP', { email: form.email });
    expect(again.statusCode).toBe(200);
    const replaced = await post('/api/auth/verifyEmailOTP', {
      otp: await emailOtp(form.email, 1),
      verifyEmailToken,
      authenticationCode,
      email: form.email,
    });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json().message).toBe(AUTH_MESSAGES.otpReplaced);
    const latest = await post('/api/auth/verifyEmailOTP', {
      otp: await emailOtp(form.email, 2),
      verifyEmailToken: again.json().data.token,
      authenticationCode,
      email: form.email,
    });
    expect(latest.statusCode).toBe(200);
  });

  it('binds the e-mail OTP to the registration e-mail id and its token', async () => {
    const form = freshForm();
    const { authenticationCode, verifyEmailToken } = await start(form);
    const otp = await emailOtp(form.email);
    const otherForm = freshForm();
    const other = await post('/api/auth/sendEmailOTP', { email: otherForm.email });

    const mismatch = await post('/api/auth/verifyEmailOTP', {
      otp,
      verifyEmailToken,
      authenticationCode,
      email: otherForm.email,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(AUTH_MESSAGES.emailMismatch);
    const foreignToken = await post('/api/auth/verifyEmailOTP', {
      otp,
      verifyEmailToken: other.json().data.token,
      authenticationCode,
      email: form.email,
    });
    expect(foreignToken.json().message).toBe(AUTH_MESSAGES.verifyEmailTokenRequired);
    const unknownToken = await post('/api/auth/verifyEmailOTP', {
      otp,
      verifyEmailToken: 'made-up',
      authenticationCode,
      email: form.email,
    });
    expect(unknownToken.json().message).toBe(AUTH_MESSAGES.verifyEmailTokenRequired);
    expect(
      (
        await post('/api/auth/verifyEmailOTP', {
          otp,
          verifyEmailToken,
          authenticationCode,
          email: form.email,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('validates OTP calls and refuses unknown or expired registrations', async () => {
    const badOtp = await post('/api/auth/verifyOtp', { otp: '12ab', authenticationCode: 'x' });
    expect(badOtp.json()).toMatchObject({ type: 'VALIDATION_ERROR', message: AUTH_MESSAGES.otpFormat });
    const noOtp = await post('/api/auth/verifyOtp', { authenticationCode: 'x' });
    expect(noOtp.json().message).toBe(AUTH_MESSAGES.otpRequired);
    const noCode = await post('/api/auth/resendOtp', {});
    expect(noCode.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      message: AUTH_MESSAGES.authenticationCodeRequired,
    });
    for (const url of ['/api/auth/resendOtp', '/api/auth/onboard/free-org']) {
      const unknown = await post(url, { authenticationCode: 'no-such-registration' });
      expect(unknown.statusCode, url).toBe(400);
      expect(unknown.json().message).toBe(AUTH_MESSAGES.registrationNotFound);
    }
    expect(
      (await post('/api/auth/verifyOtp', { otp: '123456', authenticationCode: 'nope' })).json().message,
    ).toBe(AUTH_MESSAGES.registrationNotFound);

    const form = freshForm();
    const codes = await start(form);
    await verifyBoth(form, codes);
    clock.advance(24 * 60 * MINUTE + SECOND);
    const expired = await post('/api/auth/onboard/free-org', {
      authenticationCode: codes.authenticationCode,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.registrationNotFound);
  });

  it('onboards once when two onboarding calls race', async () => {
    const form = freshForm();
    const codes = await start(form);
    await verifyBoth(form, codes);
    const answers = await Promise.all([
      post('/api/auth/onboard/free-org', { authenticationCode: codes.authenticationCode }),
      post('/api/auth/onboard/free-org', { authenticationCode: codes.authenticationCode }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.handle.executeSql(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [
      form.email,
    ]);
    expect(rows[0]?.n).toBe(1);
  });

  it('lets only the first of two registrations with one e-mail id onboard', async () => {
    const first = freshForm();
    const second = freshForm({ email: first.email });
    const a = await start(first);
    await verifyBoth(first, a);
    clock.advance(121 * SECOND);
    const b = await start(second);
    const mobile = await post('/api/auth/verifyOtp', {
      otp: smsOtp(second),
      authenticationCode: b.authenticationCode,
    });
    expect(mobile.statusCode).toBe(200);
    const mail = await post('/api/auth/verifyEmailOTP', {
      otp: await emailOtp(second.email, 2),
      verifyEmailToken: b.verifyEmailToken,
      authenticationCode: b.authenticationCode,
      email: second.email,
    });
    expect(mail.statusCode).toBe(200);
    expect(
      (await post('/api/auth/onboard/free-org', { authenticationCode: a.authenticationCode })).statusCode,
    ).toBe(200);
    const late = await post('/api/auth/onboard/free-org', { authenticationCode: b.authenticationCode });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(AUTH_MESSAGES.emailAlreadyRegistered);
  });
});

describe('OTP send limits and delivery failures', () => {
  const clock = createTestClock(new Date('2026-05-02T08:00:00Z'));

  it(
    'limits sends per mobile number and per IP address per hour, and route calls per minute',
    async () => {
      const t = await buildTestApp({
        clock,
        env: {
          OTP_SENDS_PER_DESTINATION_PER_HOUR: '2',
          OTP_SENDS_PER_IP_PER_HOUR: '3',
          AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        },
      });
      try {
        const send = (form: Form, ip: string) =>
          t.app.inject({ method: 'POST', url: '/api/auth/sendOtp', payload: form, remoteAddress: ip });
        const phone = freshForm().phone;
        expect((await send(freshForm({ phone }), '10.0.0.1')).statusCode).toBe(200);
        clock.advance(121 * SECOND);
        expect((await send(freshForm({ phone }), '10.0.0.1')).statusCode).toBe(200);
        clock.advance(121 * SECOND);
        const third = await send(freshForm({ phone }), '10.0.0.1');
        expect(third.statusCode).toBe(429);
        expect(third.json()).toMatchObject({ type: 'RATE_LIMITED', message: AUTH_MESSAGES.otpSendLimit });
        expect(third.json().data.retryAfterSeconds).toBe(3600 - 242);

        // Per IP: a third number from the same address is the IP's third send, the fourth is refused.
        expect((await send(freshForm(), '10.0.0.1')).statusCode).toBe(200);
        const overIp = await send(freshForm(), '10.0.0.1');
        expect(overIp.statusCode).toBe(429);
        expect(overIp.json().message).toBe(AUTH_MESSAGES.otpSendLimit);
        expect((await send(freshForm(), '10.0.0.2')).statusCode).toBe(200);

        // An hour later the window has moved on.
        clock.advance(61 * MINUTE);
        expect((await send(freshForm({ phone }), '10.0.0.1')).statusCode).toBe(200);
      } finally {
        await t.close();
      }

      const limited = await buildTestApp({ clock, env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/api/auth/password-reset',
            payload: { email: 'a@example.in' },
            remoteAddress: '10.1.1.1',
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([200, 200, 200, 429]);
        const other = await limited.app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { email: 'a@example.in', password: 'x' },
          remoteAddress: '10.1.1.2',
        });
        expect(other.statusCode).toBe(401);
        // X-Forwarded-For from a client that is not a trusted proxy does not reset the count.
        const spoofed = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          payload: { email: 'a@example.in' },
          remoteAddress: '10.1.1.1',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        expect(spoofed.statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );

  it(
    'answers a delivery failure clearly and leaves no registration or counted send behind',
    async () => {
      let failing = true;
      const sent: string[] = [];
      const sms: SmsProvider = {
        kind: 'http',
        send(message) {
          if (failing) return Promise.reject(new Error('gateway down'));
          sent.push(message.text);
          return Promise.resolve();
        },
      };
      const t = await buildTestApp({ clock, sms, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
      try {
        const form = freshForm();
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/sendOtp', payload: form });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({
          success: false,
          type: 'DELIVERY_FAILED',
          message: AUTH_MESSAGES.smsDeliveryFailed,
        });
        const { rows } = await t.handle.executeSql(
          `SELECT (SELECT count(*)::int FROM registrations) AS r, (SELECT count(*)::int FROM otps) AS o`,
        );
        expect(rows[0]).toEqual({ r: 0, o: 0 });
        // No cooldown was started by the failed send.
        failing = false;
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/sendOtp', payload: form })).statusCode,
        ).toBe(200);
        expect(sent).toHaveLength(1);

        const mail = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sendEmailOTP',
          payload: { email: form.email },
        });
        expect(mail.statusCode).toBe(502);
        expect(mail.json().message).toBe(AUTH_MESSAGES.emailDeliveryFailed);
      } finally {
        await t.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});
