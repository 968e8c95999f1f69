import { z } from 'zod';

/** socket.io settings of spec §7/§9: websocket transport, ping every 5000 ms. */
export const SOCKET_PATH = '/socket.io';
export const SOCKET_PING_INTERVAL_MS = 5000;

/** Events a client sends. `room.join` asks to join a notification room by roomId (spec §7). */
export const CLIENT_EVENTS = { joinRoom: 'room.join' } as const;

/** Events the server emits (`<entity>.<past-tense>`). */
export const SERVER_EVENTS = {
  notificationCreated: 'notification.created',
  jobProgressed: 'job.progressed',
} as const;

export const joinRoomSchema = z.object({ roomId: z.string().min(1).max(200) });
export type JoinRoomRequest = z.infer<typeof joinRoomSchema>;

/** Acknowledgement of a join request. */
export interface JoinRoomAck {
  success: boolean;
  message: string;
}

/** Payload of `job.progressed`: how far a long-running job has come. */
export const jobProgressSchema = z.object({
  jobId: z.string(),
  name: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  state: z.enum(['active', 'completed', 'failed']),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** The notification room of a user: only that user may join it. */
export function notificationRoomOf(userId: string): string {
  return `notification:${userId}`;
}
