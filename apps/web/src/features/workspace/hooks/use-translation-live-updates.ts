import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  NMT_EVENTS,
  TRANSLATION_EVENTS,
  nmtRunSchema,
  type NmtRun,
  projectRoomOf,
  translationChangedEventSchema,
  type JoinRoomAck,
} from '@bhasha/contract';
import { connectSocket } from '../../../lib/realtime/socket-client';
import { readToken } from '../../../lib/session/session-storage';
import { mergeEntriesIntoCache, refreshCounts } from '../api/translation-queries';

// Many saves in a burst (a replace, a machine translation job) need one counts refresh, not hundreds.
const COUNTS_REFRESH_DELAY_MS = 500;

/**
 * Follows the project room: rows saved by someone else are written into the cached pages as they
 * arrive and reported through `onRemoteChange`, so the editor can mark them; counts follow.
 */
export function useTranslationLiveUpdates(
  projectId: string,
  targetLang: string,
  currentUserId: string,
  onRemoteChange: (sourceHashes: string[]) => void,
  /** Progress of the project's machine translation and transliteration runs (`nmt.updated`). */
  onRunUpdated?: (run: NmtRun) => void,
): { isLive: boolean } {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const onRemoteChangeRef = useRef(onRemoteChange);
  const onRunUpdatedRef = useRef(onRunUpdated);
  useEffect(() => {
    onRemoteChangeRef.current = onRemoteChange;
    onRunUpdatedRef.current = onRunUpdated;
  });

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const socket = connectSocket(token);
    let countsTimer: ReturnType<typeof setTimeout> | undefined;
    socket.on('connect', () => {
      // Rooms are lost on reconnect, so every (re)connection joins again.
      socket.emit(
        CLIENT_EVENTS.joinRoom,
        { roomId: projectRoomOf(projectId) },
        (ack: JoinRoomAck | undefined) => setIsLive(ack?.success === true),
      );
    });
    socket.on('disconnect', () => setIsLive(false));
    socket.on(NMT_EVENTS.runUpdated, (payload: unknown) => {
      const parsed = nmtRunSchema.safeParse(payload);
      if (parsed.success && parsed.data.projectId === projectId) onRunUpdatedRef.current?.(parsed.data);
    });
    socket.on(TRANSLATION_EVENTS.translationChanged, (payload: unknown) => {
      const parsed = translationChangedEventSchema.safeParse(payload);
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.projectId !== projectId || event.targetLang !== targetLang) return;
      mergeEntriesIntoCache(queryClient, projectId, targetLang, event.entries);
      if (event.changedBy !== currentUserId)
        onRemoteChangeRef.current(event.entries.map((entry) => entry.sourceHash));
      clearTimeout(countsTimer);
      countsTimer = setTimeout(
        () => refreshCounts(queryClient, projectId, targetLang),
        COUNTS_REFRESH_DELAY_MS,
      );
    });
    return () => {
      clearTimeout(countsTimer);
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [projectId, targetLang, currentUserId, queryClient]);

  return { isLive };
}
