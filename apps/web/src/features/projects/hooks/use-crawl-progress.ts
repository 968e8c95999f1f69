import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_EVENTS,
  CRAWL_EVENTS,
  PROJECT_CREATION_STATUSES,
  projectRoomOf,
  type CrawlProgress,
  type Project,
} from '@bhasha/contract';
import { connectSocket } from '../../../lib/realtime/socket-client';
import { readToken } from '../../../lib/session/session-storage';
import { projectsKeys } from '../api/projects-queries';

function isProjectStatus(value: string): value is Project['status'] {
  return (PROJECT_CREATION_STATUSES as readonly string[]).includes(value);
}

/** Least time between two word-count refreshes while a crawl runs. */
const COUNTS_REFRESH_MS = 2_000;

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
    let lastCountsRefresh = 0;
    socket.on(CRAWL_EVENTS.crawlProgressed, (payload: CrawlProgress) => {
      if (payload.projectId !== projectId) return;
      setProgress(payload);
      // The status tag follows the crawl at once, without waiting for a refetch.
      queryClient.setQueryData<Project>(projectsKeys.details(projectId), (project) =>
        project && isProjectStatus(payload.projectStatus) && project.status !== payload.projectStatus
          ? { ...project, status: payload.projectStatus }
          : project,
      );
      if (payload.status === 'COMPLETED' || payload.status === 'FAILED') {
        void queryClient.invalidateQueries({ queryKey: projectsKeys.all });
      } else if (Date.now() - lastCountsRefresh > COUNTS_REFRESH_MS) {
        // Word counts grow as pages are read: refetch them now and then, not on every page.
        lastCountsRefresh = Date.now();
        void queryClient.invalidateQueries({ queryKey: projectsKeys.stats(projectId) });
      }
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [projectId, queryClient]);

  return { progress, isLive };
}
