import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/config/env';
import { silentLogger } from '../../src/lib/logger';
import { createMailer } from '../../src/lib/mailer/mailer';
import { MAIL_OUTBOX_FILE } from '../../src/lib/mailer/log-mailer';
import { createSmtpMailer } from '../../src/lib/mailer/smtp-mailer';
import { emailOtpMail, escapeHtml, passwordResetMail } from '../../src/lib/mailer/templates';
import { createHttpSmsProvider } from '../../src/lib/sms/http-sms';
import { SMS_OUTBOX_FILE } from '../../src/lib/sms/console-sms';
import { createSmsProvider } from '../../src/lib/sms/sms-provider';
import { buildTestApp, buildTestConfig } from '../support/test-app';
import { startTestSmtpServer } from '../support/smtp-server';
import { readSmsOutbox } from '../support/sms-outbox';

/** Tests that build their own app (a fresh database) get room on a busy machine. */
const APP_TEST_TIMEOUT_MS = 120_000;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** A loopback HTTP server standing in for an SMS gateway. */
async function startGateway(status: () => number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(raw || 'null'),
      });
      const code = status();
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(code < 300 ? { id: `msg-${received.length}` } : { error: 'rejected' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/sms`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('HTTP SMS provider', () => {
  let status = 202;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway(() => status);
  });
  afterAll(() => gateway.close());

  it('posts the message as JSON with the bearer token and sender id', async () => {
    const provider = createHttpSmsProvider({ url: gateway.url, token: 'sms-secret', sender: 'BHASHA' });
    await provider.send({ to: '+919876543210', text: '123456 is your code' });
    const last = gateway.received.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.url).toBe('/v1/sms');
    expect(last.headers.authorization).toBe('Bearer sms-secret');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.body).toEqual({ to: '+919876543210', message: '123456 is your code', sender: 'BHASHA' });
  });

  it('fails on a non-2xx answer and on a time-out', async () => {
    status = 503;
    const provider = createHttpSmsProvider({ url: gateway.url });
    await expect(provider.send({ to: '+919876543210', text: 'x' })).rejects.toThrow(/HTTP 503/);
    expect(gateway.received.at(-1)!.headers.authorization).toBeUndefined();
    status = 202;

    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = createHttpSmsProvider({ url: `http://127.0.0.1:${port}/`, timeoutMs: 200 });
      await expect(slow.send({ to: '+919876543210', text: 'x' })).rejects.toThrow();
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('is chosen by SMS_PROVIDER=http, which needs SMS_HTTP_URL', async () => {
    const missing = parseEnv({ SMS_PROVIDER: 'http' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.problems.join('\n')).toMatch(/SMS_HTTP_URL is required/);
    expect(parseEnv({ SMS_PROVIDER: 'carrier-pigeon' }).ok).toBe(false);

    const config = buildTestConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_TOKEN: 't0k3n',
    });
    const provider = createSmsProvider(config, silentLogger);
    expect(provider.kind).toBe('http');
    await provider.send({ to: '+919000000000', text: 'hello' });
    expect(gateway.received.at(-1)!.headers.authorization).toBe('Bearer t0k3n');
  });

  it(
    'delivers the registration OTP through the gateway end to end',
    async () => {
      const t = await buildTestApp({
        env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: gateway.url, SMS_COUNTRY_CODE: '+91' },
      });
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sendOtp',
          payload: {
            name: 'Gateway Test',
            email: 'gw@gateway-test.in',
            phone: '7012345678',
            url: 'https://gateway-test.in',
            languages: ['ta'],
            password: 'gateway-pass',
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        const last = gateway.received.at(-1)!;
        expect(last.body).toMatchObject({ to: '+917012345678' });
        expect((last.body as { message: string }).message).toMatch(/^\d{6} is your Bhasha verification code/);
        expect(readSmsOutbox(t.config.dataDir)).toHaveLength(0);
      } finally {
        await t.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});

describe('console SMS provider and log-only mailer', () => {
  it('writes SMS and e-mail to JSON-line outboxes under DATA_DIR when nothing is configured', async () => {
    const config = buildTestConfig();
    const sms = createSmsProvider(config, silentLogger);
    expect(sms.kind).toBe('console');
    await sms.send({ to: '+919876543210', text: '654321 is your Bhasha verification code.' });
    await sms.send({ to: '+919876543211', text: 'second' });
    expect(readSmsOutbox(config.dataDir).map((m) => [m.to, m.text])).toEqual([
      ['+919876543210', '654321 is your Bhasha verification code.'],
      ['+919876543211', 'second'],
    ]);

    const mailer = createMailer(config, silentLogger);
    expect(mailer.kind).toBe('log');
    await mailer.send(emailOtpMail({ to: 'dev@example.in', code: '111222', validMinutes: 10 }));
    const line = JSON.parse(readFileSync(join(config.dataDir, MAIL_OUTBOX_FILE), 'utf8').trim()) as Record<
      string,
      string
    >;
    expect(line).toMatchObject({ to: 'dev@example.in', subject: '111222 is your Bhasha verification code' });
    expect(line.text).toContain('111222');
  });

  it('the README says where e-mails and text messages go, each beside its own setting', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../../../README.md'), 'utf8');
    const rowOf = (variable: string) =>
      readme.split('\n').find((line) => line.startsWith(`| \`${variable}\``));
    expect(rowOf('SMTP_URL')).toContain(`DATA_DIR/${MAIL_OUTBOX_FILE}`);
    expect(rowOf('SMS_PROVIDER')).toContain(`DATA_DIR/${SMS_OUTBOX_FILE}`);
  });

  it(
    'tells the dashboard the mailer is off without SMTP_URL',
    async () => {
      const t = await buildTestApp();
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/fetchUIEndpoints' });
        expect(res.json().data.mailerServiceEnabled).toBe('false');
      } finally {
        await t.close();
      }
    },
    APP_TEST_TIMEOUT_MS,
  );
});

describe('SMTP mailer and templates', () => {
  it('delivers HTML and text parts to a real SMTP server', async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Bhasha <no-reply@bhasha.test>' });
    try {
      await mailer.send(
        passwordResetMail({
          to: 'user@example.in',
          name: '<Asha & Co>',
          link: 'https://dash.bhasha.test/new-password/abc',
          validMinutes: 60,
        }),
      );
      const mail = await smtp.waitFor((m) => m.to.includes('user@example.in'));
      expect(mail.parsed.from?.value[0]).toMatchObject({ name: 'Bhasha', address: 'no-reply@bhasha.test' });
      expect(mail.subject).toBe('Reset your Bhasha password');
      expect(mail.text).toContain('Hello <Asha & Co>,');
      expect(mail.text).toContain('Choose a new password: https://dash.bhasha.test/new-password/abc');
      // User-provided text is escaped in the HTML part.
      expect(mail.html).toContain('Hello &lt;Asha &amp; Co&gt;,');
      expect(mail.html).not.toContain('<Asha');
      expect(mail.html).toContain('href="https://dash.bhasha.test/new-password/abc"');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
