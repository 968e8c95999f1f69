import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { CLIENT_EVENTS, notificationRoomOf, SERVER_EVENTS, type JoinRoomAck } from '@bhasha/contract';
import { attachPostgresAdapter, createPostgresEmitter } from '../src/realtime/postgres-relay';
import { createSocketGateway } from '../src/realtime/socket-gateway';
import { silentEmitter, type RealtimeEmitter } from '../src/realtime/realtime-emitter';
import { authHeaders, buildTestApp, createUserWithToken, type TestApp } from './support/test-app';

describe('the realtime gateway', () => {
  let t: TestApp;
  let gateway: ReturnType<typeof createSocketGateway>;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    gateway = createSocketGateway(t.app.server, t.services.sessions, []);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await gateway.close();
    await t.close();
  });

  function open(auth: Record<string, string>): Socket {
    const socket = connect(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket;
  }

  function connected(socket: Socket): Promise<void> {
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  function join(socket: Socket, roomId: string): Promise<JoinRoomAck> {
    return socket.timeout(5000).emitWithAck(CLIENT_EVENTS.joinRoom, { roomId }) as Promise<JoinRoomAck>;
  }

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
  it('delivers an event emitted by a process without sockets to a socket held by another', async () => {
    const t = await buildTestApp();
    const gateway = createSocketGateway(t.app.server, t.services.sessions, []);
    attachPostgresAdapter(gateway.io, t.handle.pool!);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { user, token } = await createUserWithToken(t);
    const socket = connect(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = (await socket
        .timeout(5000)
        .emitWithAck(CLIENT_EVENTS.joinRoom, { roomId: notificationRoomOf(user.id) })) as JoinRoomAck;
      expect(ack.success).toBe(true);
      const received = new Promise<unknown>((resolve) =>
        socket.once(SERVER_EVENTS.notificationCreated, resolve),
      );
      // A worker process: no socket server, only the database.
      const worker = createPostgresEmitter(t.handle.pool!);
      // The relay starts listening asynchronously; give both adapters a moment to subscribe.
      await new Promise((resolve) => setTimeout(resolve, 500));
      worker.emitToRoom(notificationRoomOf(user.id), SERVER_EVENTS.notificationCreated, { id: 'relayed' });
      await expect(received).resolves.toEqual({ id: 'relayed' });
      await worker.close();
    } finally {
      socket.disconnect();
      await gateway.close();
      await t.close();
    }
  });
});

describe('sockets of a revoked session', () => {
  let t: TestApp;
  let gateway: ReturnType<typeof createSocketGateway>;
  let url: string;
  const sockets: Socket[] = [];
  // The services reach the gateway the way server.ts wires them: through a forwarding emitter.
  let target: RealtimeEmitter = silentEmitter;
  const forwarding: RealtimeEmitter = {
    emitToRoom: (room, event, payload) => target.emitToRoom(room, event, payload),
    disconnectUser: (userId) => target.disconnectUser(userId),
    leaveRoom: (userId, room) => target.leaveRoom(userId, room),
  };

  beforeAll(async () => {
    t = await buildTestApp({ emitter: forwarding });
    gateway = createSocketGateway(t.app.server, t.services.sessions, []);
    target = gateway.emitter;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await gateway.close();
    await t.close();
  });

  async function openJoined(token: string, userId: string): Promise<Socket> {
    const socket = connect(url, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket
      .timeout(5000)
      .emitWithAck(CLIENT_EVENTS.joinRoom, { roomId: notificationRoomOf(userId) })) as JoinRoomAck;
    expect(ack.success).toBe(true);
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
    const ack = (await socket
      .timeout(5000)
      .emitWithAck(CLIENT_EVENTS.joinRoom, { roomId: notificationRoomOf(user.id) })) as JoinRoomAck;
    expect(ack).toEqual({ success: false, message: 'Please sign in to continue' });
    expect(await cut).toBe('io server disconnect');
  });
});
