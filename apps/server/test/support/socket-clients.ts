import { io as connect, type Socket } from 'socket.io-client';
import { CLIENT_EVENTS, type JoinRoomAck } from '@bhasha/contract';

/**
 * Dashboard-like socket.io clients of one server (websocket only, no reconnection, as the
 * dashboard connects); `closeAll` disconnects every client opened here.
 */
export function socketClients(url: string) {
  const sockets: Socket[] = [];

  function open(auth: Record<string, string>): Socket {
    const socket = connect(url, { transports: ['websocket'], auth, reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket;
  }

  return {
    open,
    /** Resolves on connection; rejects with the server's refusal. */
    connected(socket: Socket): Promise<void> {
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    },
    join(socket: Socket, roomId: string): Promise<JoinRoomAck> {
      return socket.timeout(5000).emitWithAck(CLIENT_EVENTS.joinRoom, { roomId }) as Promise<JoinRoomAck>;
    },
    /** Opens a client signed in with `token` and waits until it is connected. */
    async signedIn(token: string): Promise<Socket> {
      const socket = open({ token });
      await this.connected(socket);
      return socket;
    },
    closeAll(): void {
      for (const socket of sockets) socket.disconnect();
    },
  };
}
