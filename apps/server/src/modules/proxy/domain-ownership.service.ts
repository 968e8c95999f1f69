import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  DOMAIN_OWNERSHIP_FILE_PATH,
  DOMAIN_OWNERSHIP_MESSAGES,
  DOMAIN_OWNERSHIP_RECORD_PREFIX,
  DOMAIN_OWNERSHIP_VALUE_PREFIX,
  PROJECT_TYPES,
  type DomainOwnership,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { PageFetcher } from '../crawl/page-fetcher';
import type { ProjectAccess } from '../projects/project-access';
import type { TxtResolver } from './dns-txt-resolver';
import { ownedHostOf, type DomainOwnershipRepository, type OwnedDomain } from './domain-ownership.repository';

/** Re-checks failed in a row before a verified domain lapses (with a 6-hourly re-check: 12–18 h). */
export const OWNERSHIP_LAPSE_AFTER_FAILURES = 3;
/** How long a successful check stands before the periodic re-check looks again. */
export const OWNERSHIP_RECHECK_INTERVAL_MS = 6 * 3600 * 1000;

type CheckResult = { method: 'dns' | 'file' } | { error: string };

const newToken = () => randomBytes(18).toString('base64url');
const valueOf = (token: string) => `${DOMAIN_OWNERSHIP_VALUE_PREFIX}${token}`;

/**
 * Proof that a project's organisation controls a domain before the translating proxy serves it
 * (ADR 0028): a DNS TXT record `_bhasha-verify.{host}` or the file
 * `/.well-known/bhasha-verification.txt` on the domain saying `bhasha-verification={token}`, the
 * token being the project's own for that domain. A verified host (with or without `www.`) belongs
 * to one project; the periodic re-check lets a verification lapse when the proof is gone.
 */
export function createDomainOwnershipService(deps: {
  repository: DomainOwnershipRepository;
  access: ProjectAccess;
  clock: Clock;
  resolver: TxtResolver;
  /** A guarded fetcher per check (the crawler's: private addresses refused unless allowed). */
  createFetcher: () => Pick<PageFetcher, 'fetchResource' | 'close'>;
}) {
  const { repository, access, clock } = deps;

  async function checkDns(hostname: string, expected: string): Promise<string | true> {
    if (isIP(hostname)) return 'no DNS record for an IP address';
    const name = `${DOMAIN_OWNERSHIP_RECORD_PREFIX}.${hostname}`;
    try {
      const records = await deps.resolver.resolveTxt(name);
      // A long TXT record arrives as several character strings: they form one value.
      if (records.some((chunks) => chunks.join('').trim() === expected)) return true;
      return `the TXT record of ${name} does not hold this project’s token`;
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'ENOTFOUND' || code === 'ENODATA'
        ? `no TXT record at ${name}`
        : `DNS look-up of ${name} failed (${code ?? String(error)})`;
    }
  }

  async function checkFile(origin: string, expected: string): Promise<string | true> {
    const url = new URL(DOMAIN_OWNERSHIP_FILE_PATH, origin).href;
    const fetcher = deps.createFetcher();
    try {
      // Redirects are not followed: the file must be served by the domain itself.
      const file = await fetcher.fetchResource(url, 'text/plain, */*;q=0.5');
      if (file.status !== 200) return `${url} answered HTTP ${file.status}`;
      if (file.body.split(/\r?\n/).some((line) => line.trim() === expected)) return true;
      return `${url} does not hold this project’s token`;
    } catch (error) {
      return `${url} could not be fetched (${error instanceof Error ? error.message : String(error)})`;
    } finally {
      await fetcher.close();
    }
  }

  async function check(domain: OwnedDomain & { token: string }): Promise<CheckResult> {
    const expected = valueOf(domain.token);
    const dns = await checkDns(domain.hostname, expected);
    if (dns === true) return { method: 'dns' };
    const file = await checkFile(domain.origin, expected);
    if (file === true) return { method: 'file' };
    return { error: `${dns}; ${file}` };
  }

  /** The project's domains, each with a token (given on first sight) and its status. */
  async function describe(
    projectId: string,
  ): Promise<{ rows: (OwnedDomain & { token: string })[]; list: DomainOwnership[] }> {
    let rows = await repository.listDomains(projectId);
    const missing = new Map(rows.filter((row) => !row.token).map((row) => [row.id, newToken()]));
    if (missing.size > 0) {
      await repository.assignTokens(projectId, missing);
      rows = await repository.listDomains(projectId);
    }
    const withTokens = rows as (OwnedDomain & { token: string })[];
    const verifiedHere = new Set(
      withTokens.filter((row) => row.verifiedAt).map((row) => ownedHostOf(row.hostname)),
    );
    const taken = await repository.hostsVerifiedElsewhere(projectId, [
      ...new Set(withTokens.map((row) => ownedHostOf(row.hostname))),
    ]);
    const list = withTokens.map((row): DomainOwnership => {
      const host = ownedHostOf(row.hostname);
      return {
        domainId: row.id,
        hostname: row.hostname,
        status: verifiedHere.has(host) ? 'verified' : taken.has(host) ? 'taken' : 'pending',
        recordName: `${DOMAIN_OWNERSHIP_RECORD_PREFIX}.${row.hostname}`,
        recordValue: valueOf(row.token),
        fileUrl: new URL(DOMAIN_OWNERSHIP_FILE_PATH, row.origin).href,
        method: row.method === 'dns' || row.method === 'file' ? row.method : null,
        verifiedAt: row.verifiedAt?.toISOString() ?? null,
        checkedAt: row.checkedAt?.toISOString() ?? null,
        lastError: row.lastError,
      };
    });
    return { rows: withTokens, list };
  }

  async function requireWebsite(principal: Principal, projectId: string, manage: boolean) {
    const project = manage
      ? await access.requireManageable(principal, projectId)
      : await access.requireVisible(principal, projectId);
    if (project.type !== PROJECT_TYPES.website)
      throw AppError.validation([DOMAIN_OWNERSHIP_MESSAGES.notWebsite]);
    return project;
  }

  return {
    async list(principal: Principal, projectId: string): Promise<{ domains: DomainOwnership[] }> {
      const project = await requireWebsite(principal, projectId, false);
      return { domains: (await describe(project.id)).list };
    },

    /** Checks one domain now (DNS first, then the file); the answer says what was found. */
    async verify(
      principal: Principal,
      request: { projectId: string; domainId: string },
    ): Promise<{ message: string; domain: DomainOwnership }> {
      const project = await requireWebsite(principal, request.projectId, true);
      const before = await describe(project.id);
      const row = before.rows.find((candidate) => candidate.id === request.domainId);
      const shown = before.list.find((candidate) => candidate.domainId === request.domainId);
      if (!row || !shown) throw AppError.notFound('The domain');
      if (shown.status === 'taken') return { message: DOMAIN_OWNERSHIP_MESSAGES.taken, domain: shown };
      const sibling = before.rows.find(
        (candidate) => candidate.verifiedAt && ownedHostOf(candidate.hostname) === ownedHostOf(row.hostname),
      );
      if (sibling && sibling.id !== row.id)
        return { message: DOMAIN_OWNERSHIP_MESSAGES.alreadyVerified, domain: shown };
      const result = await check(row);
      const now = clock.now();
      let message: string;
      if ('method' in result) {
        try {
          await repository.markVerified(row.id, result.method, now);
          message = DOMAIN_OWNERSHIP_MESSAGES.verified;
        } catch (error) {
          // Another project verified the same host a moment ago: first come, first served.
          if (!isUniqueViolation(error)) throw error;
          message = DOMAIN_OWNERSHIP_MESSAGES.taken;
        }
      } else {
        // A user's check that fails counts like a failed re-check: a verified domain lapses only
        // after several in a row.
        await repository.markFailed(row.id, result.error, now, OWNERSHIP_LAPSE_AFTER_FAILURES);
        message = DOMAIN_OWNERSHIP_MESSAGES.notFound;
      }
      const after = (await describe(project.id)).list.find((candidate) => candidate.domainId === row.id)!;
      return { message, domain: after };
    },

    /** The periodic re-check (pg-boss schedule): every verified domain whose last check is old. */
    async recheckDue(limit = 500): Promise<{ checked: number; lapsed: number }> {
      const now = clock.now();
      const due = await repository.listDueForRecheck(
        new Date(now.getTime() - OWNERSHIP_RECHECK_INTERVAL_MS + 60_000),
        limit,
      );
      let lapsed = 0;
      for (const row of due) {
        if (!row.token) continue;
        const result = await check({ ...row, token: row.token });
        if ('method' in result) await repository.markVerified(row.id, result.method, clock.now());
        else if (
          await repository.markFailed(row.id, result.error, clock.now(), OWNERSHIP_LAPSE_AFTER_FAILURES)
        )
          lapsed += 1;
      }
      return { checked: due.length, lapsed };
    },
  };
}

export type DomainOwnershipService = ReturnType<typeof createDomainOwnershipService>;
