import { createContext, useContext } from 'react';
import type { LiveNotification } from './live-notification';

export interface NotificationFeed {
  notifications: LiveNotification[];
  unseenCount: number;
  isConnected: boolean;
  markAllSeen: () => void;
}

export const NotificationFeedContext = createContext<NotificationFeed | null>(null);

/** The live notifications of the signed-in user; only inside `<NotificationFeedProvider>`. */
export function useNotificationFeed(): NotificationFeed {
  const feed = useContext(NotificationFeedContext);
  if (!feed) throw new Error('useNotificationFeed must be used inside <NotificationFeedProvider>');
  return feed;
}
