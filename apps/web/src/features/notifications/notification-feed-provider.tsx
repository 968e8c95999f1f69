import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CLIENT_EVENTS, SERVER_EVENTS, notificationRoomOf, type JoinRoomAck } from '@bhasha/contract';
import { connectSocket } from '../../lib/realtime/socket-client';
import { readToken } from '../../lib/session/session-storage';
import { toLiveNotification, type LiveNotification } from './live-notification';
import { NotificationFeedContext, type NotificationFeed } from './notification-feed-context';

const MAX_KEPT = 50;

/** Connects the socket, joins the user's notification room and collects what arrives. */
export function NotificationFeedProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [notifications, setNotifications] = useState<LiveNotification[]>([]);
  const [isConnected, setIsConnected] = useState(false);

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const socket = connectSocket(token);
    const roomId = notificationRoomOf(userId);
    socket.on('connect', () => {
      setIsConnected(true);
      // Rooms are lost on reconnect, so every (re)connection joins again.
      socket.emit(CLIENT_EVENTS.joinRoom, { roomId }, (ack: JoinRoomAck | undefined) => {
        if (ack && !ack.success) setIsConnected(false);
      });
    });
    socket.on('disconnect', () => setIsConnected(false));
    socket.on(SERVER_EVENTS.notificationCreated, (payload: unknown) => {
      const notification = toLiveNotification(payload, Date.now());
      if (notification) setNotifications((current) => [notification, ...current].slice(0, MAX_KEPT));
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [userId]);

  const feed = useMemo<NotificationFeed>(
    () => ({
      notifications,
      unseenCount: notifications.filter((item) => !item.seen).length,
      isConnected,
      markAllSeen: () => setNotifications((current) => current.map((item) => ({ ...item, seen: true }))),
    }),
    [notifications, isConnected],
  );

  return <NotificationFeedContext.Provider value={feed}>{children}</NotificationFeedContext.Provider>;
}
