import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IGNORE_PATTERN_MESSAGES,
  IGNORE_PATTERN_RESULT_MESSAGES,
  MAX_IGNORE_PATTERNS,
} from '@bhasha/contract';
import type { CrawlTestApp } from '../crawl/support/crawl-test-app';
import { buildProjectWithMembers, type Headers } from './support/project-with-members';

describe('ignore patterns of a project', () => {
  let t: CrawlTestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let collaborator: Headers;
  let projectId: string;

  beforeAll(async () => {
    ({ t, admin, collaborator, otherAdmin, projectId } = await buildProjectWithMembers({
      organisation: 'Org A',
      otherOrganisation: 'Org B',
      baseUrl: 'https://patterns.example.in',
      targetLanguages: ['hi'],
    }));
    // Migrations on a fresh PGlite take a while on a busy machine.
  }, 300_000);
  afterAll(async () => t?.close());

  function post(url: string, headers: Headers, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }
  async function listPatterns(headers: Headers = admin) {
    const response = await post('/ignore-pattern/fetchIgnorePatterns', headers, { projectId, pageSize: 200 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      ignorePatterns: Array<{ id: string; pattern: string }>;
      totalCount: number;
    };
  }

  it('saves exact texts and safe regular expressions, and lists them with ids and a total', async () => {
    for (const pattern of ['Copyright 2026 Patterns', '/^Last updated on .+$/i']) {
      const response = await post('/ignore-pattern/add', admin, { projectId, pattern });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe(IGNORE_PATTERN_RESULT_MESSAGES.added);
    }
    const list = await listPatterns();
    expect(list.totalCount).toBe(2);
    expect(list.ignorePatterns.map((p) => p.pattern)).toEqual([
      'Copyright 2026 Patterns',
      '/^Last updated on .+$/i',
    ]);
    expect(new Set(list.ignorePatterns.map((p) => p.id)).size).toBe(2);
    // The stored setting is what the crawler, the proxy and the snippet read.
    const details = await post('/project/details', admin, { projectId });
    expect(details.statusCode).toBe(200);
  });

  it.each([
    ['/(unclosed/', `${IGNORE_PATTERN_MESSAGES.invalidRegex}: `],
    ['/(a+)+$/', IGNORE_PATTERN_MESSAGES.catastrophic],
    [`/${'a'.repeat(501)}/`, IGNORE_PATTERN_MESSAGES.tooLong],
    ['/x/q', IGNORE_PATTERN_MESSAGES.badFlags],
  ])('refuses %s with a VALIDATION_ERROR and saves nothing', async (pattern, message) => {
    const before = await listPatterns();
    const response = await post('/ignore-pattern/add', admin, { projectId, pattern });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ type: string; message: string }>();
    expect(body.type).toBe('VALIDATION_ERROR');
    expect(body.message.startsWith(message)).toBe(true);
    expect((await listPatterns()).totalCount).toBe(before.totalCount);
  });

  it('refuses a duplicate, and a full list', async () => {
    const duplicate = await post('/ignore-pattern/add', admin, {
      projectId,
      pattern: 'Copyright 2026 Patterns',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(IGNORE_PATTERN_RESULT_MESSAGES.exists);

    const start = (await listPatterns()).totalCount;
    // Two people saving at once: every pattern arrives, none overwrites another.
    const answers = await Promise.all(
      Array.from({ length: MAX_IGNORE_PATTERNS - start }, (_, i) =>
        post('/ignore-pattern/add', admin, { projectId, pattern: `Footer text ${i}` }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect((await listPatterns()).totalCount).toBe(MAX_IGNORE_PATTERNS);
    const full = await post('/ignore-pattern/add', admin, { projectId, pattern: 'One too many' });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(IGNORE_PATTERN_RESULT_MESSAGES.tooMany);
  });

  it('deletes by id, and answers 404 for ids it does not hold', async () => {
    const list = await listPatterns();
    const footers = list.ignorePatterns.filter((p) => p.pattern.startsWith('Footer text'));
    const response = await post('/ignore-pattern/deleteIgnorePatterns', admin, {
      projectId,
      ids: footers.map((p) => p.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.deleted).toBe(footers.length);
    expect((await listPatterns()).ignorePatterns.map((p) => p.pattern)).toEqual([
      'Copyright 2026 Patterns',
      '/^Last updated on .+$/i',
    ]);
    const again = await post('/ignore-pattern/deleteIgnorePatterns', admin, {
      projectId,
      ids: [footers[0]!.id],
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(IGNORE_PATTERN_RESULT_MESSAGES.notFound);
  });

  it('keeps other organisations out and lets collaborators read only', async () => {
    const foreign = await post('/ignore-pattern/fetchIgnorePatterns', otherAdmin, { projectId });
    expect(foreign.statusCode).toBe(404);
    const foreignAdd = await post('/ignore-pattern/add', otherAdmin, { projectId, pattern: 'x' });
    expect(foreignAdd.statusCode).toBe(404);
    const collaboratorAdd = await post('/ignore-pattern/add', collaborator, { projectId, pattern: 'x' });
    expect(collaboratorAdd.statusCode).toBe(403);
  });
});
