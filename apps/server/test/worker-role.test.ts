import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../scripts/build.mjs';
import {
  nodeEnvForRoles,
  nodeFlagsForRoles,
  rolesOf,
  WEB_MALLOC_ENV,
  WEB_NODE_FLAGS,
  WORKER_NODE_FLAGS,
} from '../../../scripts/node-flags.mjs';

// A file's static imports (`import … from "x"`, `import "x"`), not `import("x")`.
const STATIC_IMPORT = /(?:^|\n)import\s*(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']/g;

/** Third-party packages a bundle file loads before any of its code runs, chunks followed. */
function packagesLoadedEagerly(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    if (specifier!.startsWith('.')) {
      for (const name of packagesLoadedEagerly(resolve(dirname(file), specifier!), seen)) packages.add(name);
    } else if (!specifier!.startsWith('node:')) {
      packages.add(specifier!);
    }
  }
  return packages;
}

describe('the worker role', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'bhasha-server-bundle-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('loads neither Fastify, the routes nor the mailer from the built server until a web role asks', async () => {
    await bundleServer({ outdir });
    const eager = packagesLoadedEagerly(join(outdir, 'main.js'));
    expect(eager).toContain('pg-boss');
    expect(eager).toContain('htmlparser2');
    for (const webOnly of [
      'fastify',
      '@fastify/static',
      '@fastify/swagger',
      'nodemailer',
      '@node-rs/argon2',
    ]) {
      expect(eager).not.toContain(webOnly);
    }
    // They are in the bundle, behind import(): the web role still gets them.
    const all = readFileSync(join(outdir, 'main.js'), 'utf8');
    expect(all).toMatch(/import\("\.\/chunks\/app-[\w-]+\.js"\)/);
    // esbuild bundles the whole server: slow on a loaded machine.
  }, 180_000);

  it('gets a bounded old generation only in a worker-only process, a small young one in every process', () => {
    expect(nodeFlagsForRoles(rolesOf('worker'))).toEqual([...WORKER_NODE_FLAGS]);
    expect(nodeFlagsForRoles(rolesOf(' worker '))).toEqual([...WORKER_NODE_FLAGS]);
    expect(nodeFlagsForRoles(rolesOf('web,worker'))).toEqual([...WEB_NODE_FLAGS]);
    // No ROLES: the server's default runs every role in one process.
    expect(nodeFlagsForRoles(rolesOf(undefined))).toEqual([...WEB_NODE_FLAGS]);
    expect(nodeFlagsForRoles(rolesOf(''))).toEqual([...WEB_NODE_FLAGS]);
    expect(nodeFlagsForRoles(rolesOf('web'), '--max-semi-space-size=16')).toEqual([]);
  });

  it('gives a process with the web role a fixed malloc mmap threshold, unless the operator set malloc', () => {
    expect(nodeEnvForRoles(rolesOf('web'))).toEqual({ ...WEB_MALLOC_ENV });
    expect(nodeEnvForRoles(rolesOf(undefined))).toEqual({ ...WEB_MALLOC_ENV });
    expect(nodeEnvForRoles(rolesOf('worker'))).toEqual({});
    expect(nodeEnvForRoles(rolesOf('web'), { MALLOC_ARENA_MAX: '2' })).toEqual({});
  });

  it("leaves a heap flag the operator set in NODE_OPTIONS to the operator's value", () => {
    const flags = nodeFlagsForRoles(['worker'], '--max-old-space-size=4096');
    expect(flags.some((flag) => flag.startsWith('--max-old-space-size'))).toBe(false);
    expect(flags).toContain('--max-semi-space-size=8');
  });
});
