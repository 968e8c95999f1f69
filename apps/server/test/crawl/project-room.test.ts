import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoomOf } from '@bhasha/contract';
import { createSocketGateway } from '../../src/realtime/socket-gateway';
import { socketClients } from '../support/socket-clients';
import { buildCrawlTestApp, type CrawlTestApp } from './support/crawl-test-app';

describe('the project room', () => {
  let t: CrawlTestApp;
  let gateway: ReturnType<typeof createSocketGateway>;
  let clients: ReturnType<typeof socketClients>;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    gateway = createSocketGateway(t.app.server, t.services.sessions, [], t.services.canSeeProject);
    clients = socketClients(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    clients.closeAll();
    await gateway.close();
    await t.close();
  });

  const joinAs = async (token: string, roomId: string) => clients.join(await clients.signedIn(token), roomId);

  it('admits members of the project’s organisation only, and collaborators only when assigned', async () => {
    const organisation = await t.createOrganisation();
    const admin = await t.createMember('organisationAdmin', organisation.id);
    const collaborator = await t.createMember('collaborator', organisation.id);
    const stranger = await t.createMember('organisationAdmin', (await t.createOrganisation('Other')).id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/new',
      headers: admin.headers,
      payload: { baseUrl: 'https://room.example.in', targetLanguages: ['hi'] },
    });
    const room = projectRoomOf(created.json<{ data: { project: { id: string } } }>().data.project.id);
    expect(await joinAs(admin.token, room)).toEqual({ success: true, message: 'Joined' });
    expect(await joinAs(stranger.token, room)).toMatchObject({ success: false });
    expect(await joinAs(collaborator.token, room)).toMatchObject({ success: false });
    expect(await joinAs(admin.token, 'project:not-a-uuid')).toMatchObject({ success: false });
  });
});
