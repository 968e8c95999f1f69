/**
 * Shared by the scripts that derive a checked-in document from the registered routes
 * (docs/openapi.json, docs/permissions.json): boot the app offline, render, then write the file
 * or, with --check, fail when the checked-in copy is stale.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDb } from '@bhasha/db';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import { resolveConfig } from '../src/config/load-config';
import { systemClock } from '../src/lib/clock';
import { silentEmitter } from '../src/realtime/realtime-emitter';

/** Builds the app on an in-memory database without listening, and renders one document from it. */
async function renderFromApp(render: (app: FastifyInstance) => string): Promise<string> {
  const parsed = parseEnv({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bhasha-docs-')),
    JWT_SECRET: 'generated-documents-are-rendered-offline-only',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(tmpdir(), 'no-dashboard'),
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const handle = await createDb({ pgliteDir: 'memory' });
  const { app } = await buildApp({
    config: resolveConfig(parsed.env),
    handle,
    clock: systemClock,
    emitter: silentEmitter,
    jobs: null,
  });
  try {
    await app.ready();
    return render(app);
  } finally {
    await app.close();
    await handle.close();
  }
}

/** Writes `docs/<fileName>`, or with `--check` exits 1 when the checked-in copy differs. */
export async function writeOrCheckDocument(
  fileName: string,
  npmScript: string,
  render: (app: FastifyInstance) => string,
): Promise<void> {
  const target = resolve(import.meta.dirname, '../../../docs', fileName);
  const document = await renderFromApp(render);
  if (!process.argv.includes('--check')) {
    writeFileSync(target, document);
    process.stdout.write(`Wrote ${target}\n`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (current !== document) {
    process.stderr.write(`docs/${fileName} is stale: run \`npm run ${npmScript}\` and commit the result.\n`);
    process.exit(1);
  }
  process.stdout.write(`docs/${fileName} is up to date.\n`);
}
