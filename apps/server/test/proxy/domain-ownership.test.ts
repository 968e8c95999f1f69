import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAIN_OWNERSHIP_MESSAGES, type DomainOwnership } from '@bhasha/contract';
import { projectDomains } from '@bhasha/db';
import { createTxtResolver } from '../../src/modules/proxy/dns-txt-resolver';
import { createOrganisationsRepository } from '../../src/modules/organisations/organisations.repository';
import { authHeaders, createUserWithToken } from '../support/test-app';
import { startDnsTxtServer } from '../support/dns-txt-server';
import { buildProxyTestApp, type ProxyTestApp } from './support/proxy-test-app';

const HOME =
  '<html><head><title>Corner shop</title></head><body><p>Welcome to the corner shop</p></body></html>';
const HOST = 'shop.test';

/**
 * Issue 23 item 1: another organisation listing the same host must not take over the translating
 * proxy. The host is served only for the project that proved control of it, by a DNS TXT record
 * (a real DNS server on loopback, asked through node:dns) or a /.well-known/ file (fetched through
 * the crawler's guarded fetcher), and re-checked periodically.
 */
describe('domain ownership for the translating proxy', () => {
  let p: ProxyTestApp;
  let dns: Awaited<ReturnType<typeof startDnsTxtServer>>;
  let site: Server;
  let port = 0;
  let wellKnown: string | null = null;
  let attacker: Record<string, string>;
  let attackerProjectId = '';
  let victimProjectId = '';

  async function ownership(projectId: string, headers: Record<string, string>): Promise<DomainOwnership> {
    const response = await p.api('/domain/ownership/list', { projectId }, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { domains: DomainOwnership[] } }>().data.domains[0]!;
  }
  async function verify(projectId: string, headers: Record<string, string>) {
    const { domainId } = await ownership(projectId, headers);
    const response = await p.api('/domain/ownership/verify', { projectId, domainId }, headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ message: string; data: { domain: DomainOwnership } }>();
    return { message: body.message, domain: body.data.domain };
  }
  /** Where the site is addressed by name: the project domain is `shop.test`, fetched on loopback. */
  async function nameDomain(projectId: string) {
    await p.t.handle.db
      .update(projectDomains)
      .set({ hostname: HOST, origin: `http://127.0.0.1:${port}` })
      .where(eq(projectDomains.projectId, projectId));
  }
  /** As if the last check were `hours` older (the re-check takes domains not checked for 6 hours). */
  async function ageLastCheck(hours: number) {
    await p.t.handle.db
      .update(projectDomains)
      .set({ ownershipCheckedAt: sql`${projectDomains.ownershipCheckedAt} - ${`${hours} hours`}::interval` })
      .where(eq(projectDomains.projectId, victimProjectId));
  }
  async function storePageAndTranslate(
    projectId: string,
    organisationId: string,
    authorId: string,
    text: string,
  ) {
    const dir = mkdtempSync(join(tmpdir(), 'ownership-'));
    writeFileSync(join(dir, 'index.html'), HOME);
    const hashes = await p.addPage(projectId, `http://127.0.0.1:${port}/`, join(dir, 'index.html'));
    await p.t.services.translationWriter.write(
      { organisationId, projectId, authorId },
      hashes.map((sourceHash) => ({
        sourceHash,
        targetLang: 'hi',
        text,
        type: 'USER' as const,
        origin: 'editor' as const,
      })),
    );
  }

  beforeAll(async () => {
    dns = await startDnsTxtServer();
    site = createServer((request, response) => {
      if (request.url === '/.well-known/bhasha-verification.txt' && wellKnown !== null) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(wellKnown);
      }
      response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(request.url === '/' ? HOME : 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    port = (site.address() as AddressInfo).port;
    p = await buildProxyTestApp({
      dnsResolver: createTxtResolver([dns.server], 2_000),
    });

    // The attacker's organisation lists the shop's host first (the oldest project used to win).
    const attackerOrg = await createOrganisationsRepository(p.t.handle.db).insert({
      name: 'Squatter',
      plan: 'paid',
    });
    const squatter = await createUserWithToken(p.t, {
      role: 'organisationAdmin',
      organisationId: attackerOrg.id,
    });
    attacker = authHeaders(squatter.token);
    attackerProjectId = await p.createProject(`http://127.0.0.1:${port}/`, ['hi'], {
      verified: false,
      headers: attacker,
    });
    await nameDomain(attackerProjectId);
    await storePageAndTranslate(attackerProjectId, attackerOrg.id, squatter.user.id, 'हैक किया गया');

    victimProjectId = await p.createProject(`http://127.0.0.1:${port}/`, ['hi'], { verified: false });
    await nameDomain(victimProjectId);
    await storePageAndTranslate(victimProjectId, p.organisationId, p.userId, 'कोने की दुकान');
  }, 120_000);
  afterAll(async () => {
    await p?.close();
    await dns?.close();
    site?.close();
  });

  it('serves no project on an unverified host, and no one else’s once verified', async () => {
    const before = await p.visit(`${HOST}:${port}`, '/hi/');
    expect(before.headers['x-bhasha-cache']).toBeUndefined();
    expect(before.body).not.toContain('हैक किया गया');
    expect((await p.visit(`hi.${HOST}:${port}`, '/')).body).not.toContain('हैक किया गया');

    const pending = await ownership(victimProjectId, p.admin);
    expect(pending).toMatchObject({
      hostname: HOST,
      status: 'pending',
      recordName: `_bhasha-verify.${HOST}`,
      fileUrl: `http://127.0.0.1:${port}/.well-known/bhasha-verification.txt`,
      verifiedAt: null,
    });
    expect(pending.recordValue).toMatch(/^bhasha-verification=[\w-]{20,}$/);
    // Tokens are per project: the attacker's is another.
    expect((await ownership(attackerProjectId, attacker)).recordValue).not.toBe(pending.recordValue);

    const missing = await verify(victimProjectId, p.admin);
    expect(missing.message).toBe(DOMAIN_OWNERSHIP_MESSAGES.notFound);
    expect(missing.domain.status).toBe('pending');
    expect(missing.domain.lastError).toContain(`no TXT record at _bhasha-verify.${HOST}`);
    expect(missing.domain.lastError).toContain('HTTP 404');

    // The shop's owner publishes the victim project's token in DNS.
    dns.set(`_bhasha-verify.${HOST}`, 'v=spf1 -all', pending.recordValue);
    const verified = await verify(victimProjectId, p.admin);
    expect(verified.message).toBe(DOMAIN_OWNERSHIP_MESSAGES.verified);
    expect(verified.domain).toMatchObject({ status: 'verified', method: 'dns', lastError: null });

    const path = await p.visit(`${HOST}:${port}`, '/hi/');
    expect(path.statusCode).toBe(200);
    expect(path.body).toContain('कोने की दुकान');
    expect(path.body).not.toContain('हैक किया गया');
    const subdomain = await p.visit(`hi.${HOST}:${port}`, '/');
    expect(subdomain.statusCode).toBe(200);
    expect(subdomain.body).toContain('कोने की दुकान');

    // The attacker sees the host taken, even with its own token published as well.
    const attackerView = await ownership(attackerProjectId, attacker);
    expect(attackerView.status).toBe('taken');
    dns.set(`_bhasha-verify.${HOST}`, pending.recordValue, attackerView.recordValue);
    const refused = await verify(attackerProjectId, attacker);
    expect(refused.message).toBe(DOMAIN_OWNERSHIP_MESSAGES.taken);
    expect(refused.domain.status).toBe('taken');
    expect((await p.visit(`${HOST}:${port}`, '/hi/')).body).toContain('कोने की दुकान');
  }, 60_000);

  it('keeps previews of an unverified project working', async () => {
    const created = await p.api(
      '/scope/getPreviewUrl',
      { projectId: attackerProjectId, targetLang: 'hi', url: `http://${HOST}/` },
      attacker,
    );
    expect(created.statusCode, created.body).toBe(200);
    const url = new URL(created.json<{ data: { previewUrl: string } }>().data.previewUrl);
    const preview = await p.visit(url.host, url.pathname);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('हैक किया गया');
  });

  it('re-checks periodically: the file keeps it verified, and without any proof it lapses', async () => {
    const { recordValue } = await ownership(victimProjectId, p.admin);
    dns.remove(`_bhasha-verify.${HOST}`);
    wellKnown = `# Bhasha\n${recordValue}\n`;
    await ageLastCheck(7);
    expect(await p.t.services.domainOwnership.recheckDue()).toEqual({ checked: 1, lapsed: 0 });
    expect(await ownership(victimProjectId, p.admin)).toMatchObject({ status: 'verified', method: 'file' });

    wellKnown = null;
    for (let round = 1; round <= 3; round += 1) {
      await ageLastCheck(7);
      expect(await p.t.services.domainOwnership.recheckDue()).toEqual({
        checked: 1,
        lapsed: round === 3 ? 1 : 0,
      });
      // A failed check or two (a DNS or web server hiccup) keeps the site served.
      if (round < 3) expect((await p.visit(`${HOST}:${port}`, '/hi/')).statusCode).toBe(200);
    }
    const lapsed = await ownership(victimProjectId, p.admin);
    expect(lapsed).toMatchObject({ status: 'pending', verifiedAt: null });
    expect(lapsed.lastError).toContain('HTTP 404');
    expect((await p.visit(`${HOST}:${port}`, '/hi/')).headers['x-bhasha-cache']).toBeUndefined();
  }, 60_000);

  it('lets only project managers of the organisation verify', async () => {
    const { domainId } = await ownership(victimProjectId, p.admin);
    const foreign = await p.api(
      '/domain/ownership/verify',
      { projectId: victimProjectId, domainId },
      attacker,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignList = await p.api('/domain/ownership/list', { projectId: victimProjectId }, attacker);
    expect(foreignList.statusCode).toBe(404);
  });
});
