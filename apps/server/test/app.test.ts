import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerAuthentication } from '../src/http/authenticate';
import { parseEnv } from '../src/config/env';
import {
  authHeaders,
  buildTestApp,
  createTestClock,
  createUserWithToken,
  type TestApp,
} from './support/test-app';

describe('the API foundation', () => {
  const clock = createTestClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { SMTP_URL: 'smtp://127.0.0.1:2525', RENDER_SUB_DOMAIN: 'bhasha.app' },
    });
  });
  afterAll(() => t.close());

  it('answers health in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Success',
      data: { status: 'ok', database: t.handle.kind, roles: ['web', 'worker', 'realtime'] },
    });
  });

  it('serves the UI configuration from config, mailer flag as a string', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/fetchUIEndpoints' });
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toEqual({
      axiosBaseUrl: `${t.config.publicUrl}/api`,
      uiUrl: t.config.publicUrl,
      swalekhUrl: '',
      keyboard: 'swalekh',
      keyboardMode: 'phonetic',
      renderBaseUrl: t.config.publicUrl,
      renderSubDomain: 'bhasha.app',
      mailerServiceEnabled: 'true',
    });
  });

  it('answers user/check with the signed-in user and never its secrets', async () => {
    const { user, token } = await createUserWithToken(t, { role: 'superAdmin' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/check/?timestamp=${Date.now()}`,
      headers: authHeaders(token, clock.now()),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.user).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      role: 'superAdmin',
      organisationId: null,
      apikey: null,
      contractAgreed: false,
    });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('accepts a bearer prefix and a path without the trailing slash', async () => {
    const { token } = await createUserWithToken(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/check',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 without a token and a clear message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/check/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      type: 'UNAUTHORIZED',
      message: 'Please sign in to continue',
    });
  });

  it('answers validation failures with type VALIDATION_ERROR and the messages in data', async () => {
    const { token } = await createUserWithToken(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/?timestamp=yesterday',
      headers: authHeaders(token, clock.now()),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, type: 'VALIDATION_ERROR' });
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.message).toBe(body.data[0]);
  });

  it('answers TIME_TRAVEL when the client clock is beyond the allowed skew', async () => {
    const { token } = await createUserWithToken(t);
    const farFuture = new Date(clock.now().getTime() + 2 * 60 * 60 * 1000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: authHeaders(token, farFuture),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, flag: 'TIME_TRAVEL' });
    // Within the skew, and with a header that is not a time at all, the request goes through.
    const near = new Date(clock.now().getTime() + 60 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/check/', headers: authHeaders(token, near) }))
        .statusCode,
    ).toBe(200);
    const zoneName = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: { authorization: token, timezone: 'Asia/Kolkata' },
    });
    expect(zoneName.statusCode).toBe(200);
  });

  it('answers an expired token with code 500 and name TokenExpiredError', async () => {
    const { token } = await createUserWithToken(t);
    clock.advance((t.config.env.JWT_TTL_SECONDS + 5) * 1000);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/check/',
        headers: { authorization: token },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 500, name: 'TokenExpiredError' });
    } finally {
      clock.set(new Date());
    }
  });

  it('treats a token of an older token version as expired (revocation)', async () => {
    const { user, token } = await createUserWithToken(t);
    await t.handle.executeSql(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [user.id]);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: { authorization: token },
    });
    expect(res.json()).toMatchObject({ success: false, code: 500, name: 'TokenExpiredError' });
  });

  it('refuses an inactive user and a forged token', async () => {
    const { token } = await createUserWithToken(t, { status: 'inactive' });
    const inactive = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: { authorization: token },
    });
    expect(inactive.statusCode).toBe(401);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/check/',
      headers: { authorization: forged },
    });
    expect(res.json()).toMatchObject({ success: false, type: 'UNAUTHORIZED' });
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/check/', headers: { authorization: none } }))
        .statusCode,
    ).toBe(401);
  });

  it('answers unknown API routes with a JSON 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no/such/call', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, type: 'NOT_FOUND' });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('refuses to register an API route that declares no access rule', () => {
    const app = Fastify();
    registerAuthentication(app, t.services.sessions);
    expect(() => app.get('/api/forgotten', (_request, reply) => reply.send({}))).toThrow(
      /declares no access rule/,
    );
  });
});

describe('deployment-dependent protections', () => {
  // An intranet install on HOST=0.0.0.0 over plain HTTP with no proxy in front, and an https
  // install behind a reverse proxy it names (inject's peer address is 127.0.0.1).
  let intranet: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    intranet = await buildTestApp({
      env: { HOST: '0.0.0.0', PUBLIC_URL: 'http://10.1.2.3:3000', RATE_LIMIT_PER_MINUTE: '2' },
    });
    behindProxy = await buildTestApp({
      env: { PUBLIC_URL: 'https://bhasha.example.com', RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await intranet.close();
    await behindProxy.close();
  });

  it('asks browsers to upgrade to https only when the public address is https', async () => {
    const http = await intranet.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['content-security-policy']).toContain("default-src 'self'");
    expect(http.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const https = await behindProxy.app.inject({ method: 'GET', url: '/api/health' });
    expect(https.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('keys rate limits on the peer address unless TRUST_PROXY names the proxy', async () => {
    const statuses = async (t: TestApp) => {
      const codes = [];
      for (let i = 1; i <= 3; i += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/auth/fetchUIEndpoints',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        codes.push(res.statusCode);
      }
      return codes;
    };
    // By default no proxy is trusted, loopback included: forged headers are still one client.
    expect(await statuses(intranet)).toEqual([200, 200, 429]);
    expect(await statuses(behindProxy)).toEqual([200, 200, 200]);
  });

  it('refuses TRUST_PROXY=true, which would trust any peer', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' })).toMatchObject({ ok: false });
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, loopback' })).toMatchObject({
      ok: true,
      env: { TRUST_PROXY: ['10.0.0.0/8', 'loopback'] },
    });
  });
});
