import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_EVENTS, CRAWL_EVENTS, projectRoomOf, type CrawlProgress } from '@bhasha/contract';
import { connectSocket } from '../../../lib/realtime/socket-client';
import { readToken } from '../../../lib/session/session-storage';
import { projectsKeys } from '../api/projects-queries';

/**
 * Follows a project's crawl live: joins the project room and keeps the latest `crawl.progressed`
 * payload; when a crawl ends, the project's details and counts are fetched again.
 */
export function useCrawlProgress(projectId: string): { progress: CrawlProgress | null; isLive: boolean } {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<CrawlProgress | null>(null);
  const [isLive, setIsLive] = useState(false);

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    const socket = connectSocket(token);
    socket.on('connect', () => {
      // Rooms are lost on reconnect, so every (re)connection joins again.
      socket.emit(
        CLIENT_EVENTS.joinRoom,
        { roomId: projectRoomOf(projectId) },
        (ack: { success: boolean } | undefined) => setIsLive(ack?.success === true),
      );
    });
    socket.on('disconnect', () => setIsLive(false));
    socket.on(CRAWL_EVENTS.crawlProgressed, (payload: CrawlProgress) => {
      if (payload.projectId !== projectId) return;
      setProgress(payload);
      if (payload.status === 'COMPLETED' || payload.status === 'FAILED') {
        void queryClient.invalidateQueries({ queryKey: projectsKeys.all });
      }
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [projectId, queryClient]);

  return { progress, isLive };
}
