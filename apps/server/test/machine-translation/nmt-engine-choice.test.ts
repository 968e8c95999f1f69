import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLibreTranslateServer } from './support/libretranslate-server';
import { buildMtTestApp, type MtTestApp } from './support/mt-test-app';

/*
 * Which engine a run uses: the call's nmtService, else the project's engine, else the
 * organisation's, else the deployment's default (MT_DEFAULT_ENGINE or the first configured).
 * The organisation's choice is set by its admins only, and never across organisations.
 */
describe('choosing the machine translation engine: call > project > organisation > deployment', () => {
  let t: MtTestApp;
  let server: Awaited<ReturnType<typeof startLibreTranslateServer>>;

  beforeAll(async () => {
    server = await startLibreTranslateServer();
    t = await buildMtTestApp(
      {
        MT_ENGINES: JSON.stringify([
          { id: 'first', service: 'libretranslate', baseUrl: server.baseUrl },
          { id: 'second', service: 'libretranslate', baseUrl: server.baseUrl },
          { id: 'third', service: 'libretranslate', baseUrl: server.baseUrl },
        ]),
      },
      {},
      { work: false },
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });

  it('resolves each level in order and shows the choices', async () => {
    const organisation = await t.createOrganisation();
    const { headers } = await t.createMember('organisationAdmin', organisation.id);
    const project = await t.createProject(organisation.id, ['docs/architecture/index.html']);
    let requests = 0;
    const engineOfNewRun = async (nmtService?: string) => {
      requests += 1;
      const response = await post('/translation/nmt/apply', headers, {
        projectId: project.id,
        targetLang: 'es',
        requestId: `choice-${requests}`,
        origin: 'all',
        ...(nmtService ? { nmtService } : {}),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { run: { nmtService: string } } }>().data.run.nmtService;
    };
    const choices = async () =>
      (await post('/translation/nmt/engines', headers, { projectId: project.id })).json<{
        data: { projectEngine: string | null; organisationEngine: string | null; effectiveEngine: string };
      }>().data;

    expect(await choices()).toMatchObject({
      projectEngine: null,
      organisationEngine: null,
      effectiveEngine: 'first',
    });
    expect(await engineOfNewRun()).toBe('first');

    const setOrganisation = await post('/translation/nmt/engine/organisation/set', headers, {
      organisationId: organisation.id,
      nmtService: 'second',
    });
    expect(setOrganisation.statusCode, setOrganisation.body).toBe(200);
    expect(await choices()).toMatchObject({ organisationEngine: 'second', effectiveEngine: 'second' });
    expect(await engineOfNewRun()).toBe('second');

    const setProject = await post('/translation/nmt/engine/set', headers, {
      projectId: project.id,
      nmtService: 'third',
    });
    expect(setProject.statusCode, setProject.body).toBe(200);
    expect(await choices()).toMatchObject({
      projectEngine: 'third',
      organisationEngine: 'second',
      effectiveEngine: 'third',
    });
    expect(await engineOfNewRun()).toBe('third');
    expect(await engineOfNewRun('first')).toBe('first');

    // Clearing the project's choice falls back to the organisation's, then to the deployment's.
    await post('/translation/nmt/engine/set', headers, { projectId: project.id, nmtService: null });
    expect(await engineOfNewRun()).toBe('second');
    await post('/translation/nmt/engine/organisation/set', headers, {
      organisationId: organisation.id,
      nmtService: null,
    });
    expect(await engineOfNewRun()).toBe('first');
  }, 60_000);

  it('lets only the organisation’s admins set it, for their own organisation, to a configured engine', async () => {
    const organisation = await t.createOrganisation('Alpha');
    const other = await t.createOrganisation('Beta');
    const admin = await t.createMember('organisationAdmin', organisation.id);
    const otherAdmin = await t.createMember('organisationAdmin', other.id);
    const manager = await t.createMember('deliveryManager', organisation.id);
    const set = (headers: Record<string, string>, nmtService: string | null) =>
      post('/translation/nmt/engine/organisation/set', headers, {
        organisationId: organisation.id,
        nmtService,
      });

    expect((await set(otherAdmin.headers, 'second')).statusCode).toBe(404);
    expect((await set(manager.headers, 'second')).statusCode).toBe(403);
    const unknown = await set(admin.headers, 'nonexistent');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This machine translation engine is not available');

    // Beta's admin sees Beta's (empty) choice, not Alpha's.
    expect((await set(admin.headers, 'third')).statusCode).toBe(200);
    const seenByOther = await post('/translation/nmt/engines', otherAdmin.headers, {});
    expect(seenByOther.json<{ data: { organisationEngine: string | null } }>().data.organisationEngine).toBe(
      null,
    );
    const seenByAdmin = await post('/translation/nmt/engines', admin.headers, {});
    expect(seenByAdmin.json<{ data: { organisationEngine: string | null } }>().data.organisationEngine).toBe(
      'third',
    );
  }, 60_000);
});
