import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The script a worker thread runs, with its arguments. */
export interface WorkerEntry {
  readonly url: URL;
  readonly argv: readonly string[];
  readonly workerData?: unknown;
}

/** A TypeScript worker script of the sources, started through tsx (ts-worker-bootstrap.mjs). */
export function typeScriptWorkerEntry(script: URL, workerData?: unknown): WorkerEntry {
  return { url: new URL('./ts-worker-bootstrap.mjs', import.meta.url), argv: [script.href], workerData };
}

/**
 * Where the worker script `name` of the module at `moduleUrl` is: beside the bundle's entry when
 * built (the module's code sits either in that entry or in `chunks/`, one folder below; build.mjs
 * emits each worker as an entry of its own), or next to the module in the sources, started through
 * tsx (tests, bench, dev server).
 */
export function workerEntryOf(name: string, moduleUrl: string): WorkerEntry {
  for (const candidate of [`./${name}.js`, `../${name}.js`]) {
    const url = new URL(candidate, moduleUrl);
    if (existsSync(fileURLToPath(url))) return { url, argv: [] };
  }
  const source = new URL(`./${name}.ts`, moduleUrl);
  if (existsSync(fileURLToPath(source))) return typeScriptWorkerEntry(source);
  throw new Error(`${name} not found next to ${moduleUrl}`);
}
