// The fuzzy build's helper thread for the engine's tests (the server has its own entry).
import { parentPort } from 'node:worker_threads';
import { serveFuzzyBuildHelper } from '../../src/tm/fuzzy-build-helper';

if (!parentPort) throw new Error('fuzzy-build-worker runs as a worker thread');
serveFuzzyBuildHelper(parentPort);
