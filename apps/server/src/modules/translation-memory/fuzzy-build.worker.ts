/**
 * The fuzzy index build's helper thread (fuzzy-build-thread.ts starts it): writes the postings of
 * the half of the bucket space it is sent (ADR 0011). Built as an entry of its own next
 * to the server's bundle (apps/server/scripts/build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { serveFuzzyBuildHelper } from '@bhasha/engine';

if (!parentPort) throw new Error('fuzzy-build.worker runs as a worker thread');
serveFuzzyBuildHelper(parentPort);
