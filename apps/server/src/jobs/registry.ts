import type { JobDefinition } from './define-job';

/**
 * Every job the worker role runs. Features add their `*.job.ts` definitions here; the list is
 * also used by web-only processes to create the queues they send to.
 */
export const jobDefinitions: JobDefinition[] = [];
