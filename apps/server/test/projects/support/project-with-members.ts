import { expect } from 'vitest';
import { buildCrawlTestApp, type CrawlTestApp } from '../../crawl/support/crawl-test-app';

export type Headers = Record<string, string>;

/** A test app with one project, its organisation's admin and collaborator, and another organisation's admin. */
export interface ProjectWithMembers {
  t: CrawlTestApp;
  admin: Headers;
  collaborator: Headers;
  otherAdmin: Headers;
  projectId: string;
}

/**
 * The setup of the project settings tests (ignore patterns, delivery settings): a crawl test app,
 * organisation `organisation` with an admin and a collaborator, an admin of `otherOrganisation`,
 * and a project of `baseUrl` in `targetLanguages` created through the API by the admin.
 * Migrations on a fresh PGlite take a while on a busy machine: give the hook a long timeout.
 */
export async function buildProjectWithMembers(options: {
  organisation: string;
  otherOrganisation: string;
  baseUrl: string;
  targetLanguages: string[];
}): Promise<ProjectWithMembers> {
  const t = await buildCrawlTestApp();
  const organisation = await t.createOrganisation(options.organisation);
  const admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
  const collaborator = (await t.createMember('collaborator', organisation.id)).headers;
  const other = await t.createOrganisation(options.otherOrganisation);
  const otherAdmin = (await t.createMember('organisationAdmin', other.id)).headers;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/project/new',
    headers: admin,
    payload: { baseUrl: options.baseUrl, targetLanguages: options.targetLanguages },
  });
  expect(created.statusCode, created.body).toBe(200);
  const projectId = created.json<{ data: { project: { id: string } } }>().data.project.id;
  return { t, admin, collaborator, otherAdmin, projectId };
}
