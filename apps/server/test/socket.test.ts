import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { notificationRoomOf, projectRoomOf, ROLES, SERVER_EVENTS } from '@bhasha/contract';
import { attachPostgresAdapter, createPostgresEmitter } from '../src/realtime/postgres-relay';
import { createSocketGateway } from '../src/realtime/socket-gateway';
import { silentEmitter, type RealtimeEmitter } from '../src/realtime/realtime-emitter';
import { socketClients } from './support/socket-clients';
import { authHeaders, buildTestApp, createUserWithToken, type TestApp } from './support/test-app';
import { createMember, createOrganisation } from './users/tenancy-fixtures';

describe('the realtime gateway', () => {
  let t: TestApp;
  let gateway: ReturnType<typeof createSocketGateway>;
  let clients: ReturnType<typeof socketClients>;
  const open = (auth: Record<string, string>) => clients.open(auth);
  const connected = (socket: Socket) => clients.connected(socket);
  const join = (socket: Socket, roomId: string) => clients.join(socket, roomId);

  beforeAll(async () => {
    t = await buildTestApp();
    gateway = createSocketGateway(t.app.server, t.services.sessions, []);
    clients = socketClients(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    clients.closeAll();
    await gateway.close();
    await t.close();
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connected(open({}))).rejects.toThrow('Please sign in to continue');
    await expect(connected(open({ token: 'not-a-token' }))).rejects.toThrow(/Invalid token/);
  });

  it('uses websocket transport with a 5000 ms ping interval', () => {
    expect(gateway.io.engine.opts.pingInterval).toBe(5000);
    expect(gateway.io.engine.opts.transports).toEqual(['websocket']);
  });

  it("lets a user join its own notification room and no one else's", async () => {
    const alice = await createUserWithToken(t);
    const bob = await createUserWithToken(t);
    const aliceSocket = open({ token: alice.token });
    const bobSocket = open({ token: bob.token });
    await Promise.all([connected(aliceSocket), connected(bobSocket)]);

    expect(await join(aliceSocket, notificationRoomOf(alice.user.id))).toEqual({
      success: true,
      message: 'Joined',
    });
    expect(await join(bobSocket, notificationRoomOf(alice.user.id))).toEqual({
      success: false,
      message: 'You may not join this room',
    });
    expect(await join(bobSocket, '')).toMatchObject({ success: false });

    const received: Record<string, unknown[]> = { alice: [], bob: [] };
    aliceSocket.on(SERVER_EVENTS.notificationCreated, (payload: unknown) => received.alice!.push(payload));
    bobSocket.on(SERVER_EVENTS.notificationCreated, (payload: unknown) => received.bob!.push(payload));
    gateway.emitter.emitToRoom(notificationRoomOf(alice.user.id), SERVER_EVENTS.notificationCreated, {
      id: 'n1',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.alice).toEqual([{ id: 'n1' }]);
    expect(received.bob).toEqual([]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the realtime relay on PostgreSQL', () => {
  it('relays events and socket cuts from a process without sockets to a socket held by another', async () => {
    const t = await buildTestApp();
    const gateway = createSocketGateway(t.app.server, t.services.sessions, []);
    attachPostgresAdapter(gateway.io, t.handle.pool!);
    const clients = socketClients(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const { user, token } = await createUserWithToken(t);
    try {
      const socket = await clients.signedIn(token);
      expect((await clients.join(socket, notificationRoomOf(user.id))).success).toBe(true);
      const received = new Promise<unknown>((resolve) =>
        socket.once(SERVER_EVENTS.notificationCreated, resolve),
      );
      // A worker process: no socket server, only the database.
      const worker = createPostgresEmitter(t.handle.pool!);
      // The relay starts listening asynchronously; give both adapters a moment to subscribe.
      await new Promise((resolve) => setTimeout(resolve, 500));
      worker.emitToRoom(notificationRoomOf(user.id), SERVER_EVENTS.notificationCreated, { id: 'relayed' });
      await expect(received).resolves.toEqual({ id: 'relayed' });
      // A sign-out handled by another process cuts the socket held here.
      const cut = new Promise((resolve) => socket.once('disconnect', resolve));
      worker.disconnectUser(user.id);
      await expect(cut).resolves.toBe('io server disconnect');
      await worker.close();
    } finally {
      clients.closeAll();
      await gateway.close();
      await t.close();
    }
  });
});

describe('sockets of a revoked session', () => {
  let t: TestApp;
  let gateway: ReturnType<typeof createSocketGateway>;
  let clients: ReturnType<typeof socketClients>;
  // The services reach the gateway the way server.ts wires them: through a forwarding emitter.
  let target: RealtimeEmitter = silentEmitter;
  const forwarding: RealtimeEmitter = {
    emitToRoom: (room, event, payload) => target.emitToRoom(room, event, payload),
    disconnectUser: (userId) => target.disconnectUser(userId),
    leaveRoom: (userId, room) => target.leaveRoom(userId, room),
  };

  beforeAll(async () => {
    t = await buildTestApp({ emitter: forwarding });
    gateway = createSocketGateway(t.app.server, t.services.sessions, [], t.services.canSeeProject);
    target = gateway.emitter;
    clients = socketClients(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  }, 120_000);
  afterAll(async () => {
    clients.closeAll();
    await gateway.close();
    await t.close();
  });

  async function openJoined(token: string, userId: string): Promise<Socket> {
    const socket = await clients.signedIn(token);
    expect((await clients.join(socket, notificationRoomOf(userId))).success).toBe(true);
    return socket;
  }

  function disconnected(socket: Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket stayed open')), 5000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  const post = (url: string, token: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: authHeaders(token) });

  it('cuts every socket of a user who signs out', async () => {
    const { user, token } = await createUserWithToken(t);
    const first = await openJoined(token, user.id);
    const second = await openJoined(token, user.id);
    const cut = Promise.all([disconnected(first), disconnected(second)]);
    expect((await post('/api/auth/clearCookie', token)).statusCode).toBe(200);
    expect(await cut).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('cuts the sockets of a user who is deactivated', async () => {
    const admin = await createUserWithToken(t, { role: 'superAdmin' });
    const { user, token } = await createUserWithToken(t);
    const socket = await openJoined(token, user.id);
    const cut = disconnected(socket);
    const res = await post('/api/user/switchStatus', admin.token, { userId: user.id, status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cut).toBe('io server disconnect');
  });

  it('cuts the sockets opened before a password change', async () => {
    const { user, token } = await createUserWithToken(t, { password: 'old password 1' });
    const socket = await openJoined(token, user.id);
    const cut = disconnected(socket);
    const res = await post('/api/user/resetPasswordThroughProfile', token, {
      currentPassword: 'old password 1',
      newPassword: 'NewPassword2',
      confirmPassword: 'NewPassword2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cut).toBe('io server disconnect');
  });

  it('checks the current session on every room.join', async () => {
    const { user, token } = await createUserWithToken(t);
    const socket = await openJoined(token, user.id);
    // Revoked behind the gateway's back (another process, a direct change): the next join sees it.
    await t.handle.executeSql(`UPDATE users SET token_version = token_version + 1 WHERE id = $1`, [user.id]);
    const cut = disconnected(socket);
    expect(await clients.join(socket, notificationRoomOf(user.id))).toEqual({
      success: false,
      message: 'Please sign in to continue',
    });
    expect(await cut).toBe('io server disconnect');
  });

  it('takes a collaborator out of the project room when the assignment is removed', async () => {
    const organisation = await createOrganisation(t);
    const admin = await createMember(t, organisation.id, ROLES.organisationAdmin);
    const collaborator = await createMember(t, organisation.id, ROLES.collaborator);
    const created = await post('/api/project/new', admin.token, {
      baseUrl: 'https://room-cut.example.in',
      targetLanguages: ['hi'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const projectId = created.json<{ data: { project: { id: string } } }>().data.project.id;
    const assignment = { projectId, userId: collaborator.user.id };
    expect((await post('/api/domains/assignColloborator', admin.token, assignment)).statusCode).toBe(200);

    const socket = await clients.signedIn(collaborator.token);
    expect(await clients.join(socket, projectRoomOf(projectId))).toEqual({
      success: true,
      message: 'Joined',
    });
    const received: unknown[] = [];
    socket.on(SERVER_EVENTS.jobProgressed, (payload: unknown) => received.push(payload));
    const delivered = new Promise((resolve) => socket.once(SERVER_EVENTS.jobProgressed, resolve));
    target.emitToRoom(projectRoomOf(projectId), SERVER_EVENTS.jobProgressed, { seq: 1 });
    await delivered;

    const removed = await post('/api/domains/onMultiDomainColloboratorDelete', admin.token, assignment);
    expect(removed.statusCode, removed.body).toBe(200);
    target.emitToRoom(projectRoomOf(projectId), SERVER_EVENTS.jobProgressed, { seq: 2 });
    // A message to the user's own room still arrives: the socket stays, only the project room went.
    const own = new Promise((resolve) => socket.once(SERVER_EVENTS.notificationCreated, resolve));
    expect((await clients.join(socket, notificationRoomOf(collaborator.user.id))).success).toBe(true);
    target.emitToRoom(notificationRoomOf(collaborator.user.id), SERVER_EVENTS.notificationCreated, {
      id: 'n',
    });
    await own;
    expect(received).toEqual([{ seq: 1 }]);
    // Nor can it join again.
    expect(await clients.join(socket, projectRoomOf(projectId))).toMatchObject({ success: false });
  });
});
