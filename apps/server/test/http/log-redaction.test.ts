import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger';
import { hashPassword } from '../../src/lib/password';
import { latestSmsOtp } from '../support/sms-outbox';
import { buildTestApp, createUserWithToken, type TestApp } from '../support/test-app';

/** Collects every line the app logs. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n'), lines };
}

describe('secrets stay out of the server log', () => {
  const log = captureLog();
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      env: { LOG_LEVEL: 'info', SMS_PROVIDER: 'console' },
      logDestination: log.stream,
    });
  }, 180_000);
  afterAll(() => t.close());

  it('logs a failed statement without its parameters', async () => {
    const passwordHash = await hashPassword('a long secret password');
    const apiKey = 'bh_live_5f0c8e1d2a3b4c5d6e7f8091a2b3c4d5';
    const failure = await t.handle.db
      .execute(sql`SELECT ${passwordHash}::int AS h, ${apiKey}::text AS k`)
      .then(() => undefined)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    // Both loggers: the request logger and the one services use outside requests.
    t.app.log.error({ err: failure }, 'unhandled error');
    createLogger('info', log.stream).error({ err: failure }, 'background task failed');
    const logged = log.text();
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('background task failed');
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(passwordHash);
    expect(logged).not.toContain(apiKey);
  });

  it('keeps the OTP, the mobile number and the e-mail of a sign-up out of the log', async () => {
    const form = {
      name: 'Ravi Kumar',
      email: 'ravi.logtest@kumar-shop.in',
      phone: '9876501234',
      url: 'www.logtest.example.in',
      languages: ['hi'],
      password: 'Secret-pass-1',
    };
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/sendOtp', payload: form });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/sendEmailOTP', payload: { email: form.email } });
    await t.services.background.drain();
    const otp = latestSmsOtp(t.config.dataDir, `+91${form.phone}`);
    const logged = log.text();
    expect(logged).toContain('SMS (console provider)');
    expect(logged).not.toContain(otp);
    expect(logged).not.toContain(form.phone);
    expect(logged).not.toContain(form.email);
    expect(logged).not.toContain(form.password);
  });

  it('keeps e-mails and passwords of failed sign-ins out of the log, and masks tokens in URLs', async () => {
    const { user } = await createUserWithToken(t, { email: 'signin.logtest@example.in' });
    const tries = [
      { email: user.email, password: 'wrong password 1' },
      { email: 'nobody.logtest@example.in', password: 'wrong password 2' },
    ];
    for (const payload of tries) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    await t.app.inject({ method: 'GET', url: '/api/auth/fetchUIEndpoints?token=abc123secret&apikey=k-999' });
    const logged = log.text();
    expect(logged).toContain('/api/auth/fetchUIEndpoints');
    for (const payload of tries) {
      expect(logged).not.toContain(payload.email);
      expect(logged).not.toContain(payload.password);
    }
    expect(logged).not.toContain('abc123secret');
    expect(logged).not.toContain('k-999');
  });
});
