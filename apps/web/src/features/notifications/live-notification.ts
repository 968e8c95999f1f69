/** A notification pushed over the socket, as far as the bell needs it. */
export interface LiveNotification {
  id: string;
  text: string;
  receivedAt: number;
  seen: boolean;
}

let sequence = 0;

/** Reads a `notification.created` payload defensively: the server's shape may grow. */
export function toLiveNotification(payload: unknown, now: number): LiveNotification | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const value = payload as Record<string, unknown>;
  const text = [value.message, value.title, value.text].find(
    (item): item is string => typeof item === 'string' && item.length > 0,
  );
  if (!text) return null;
  const id =
    typeof value.notificationId === 'string'
      ? value.notificationId
      : typeof value.id === 'string'
        ? value.id
        : `live-${++sequence}`;
  return { id, text, receivedAt: now, seen: value.seen === true };
}
