// Node flags of a Bhasha server process by the roles it runs (docs/adr/0013). scripts/start.mjs passes them to the built server; the crawl benchmark runs its
// worker with the same ones.

/**
 * A worker-only process: V8's old generation is bounded, which also makes V8 collect sooner
 * (its heap may grow to ~1.6× the live data between major collections instead of up to 4×), and
 * the young generation is kept small. The bound leaves room for what a worker legitimately holds
 * (an organisation's fuzzy TM index in an MT run); a larger translation memory needs a larger
 * value, set by the operator in NODE_OPTIONS (which then wins, see nodeFlagsForRoles).
 */
export const WORKER_NODE_FLAGS = Object.freeze(['--max-old-space-size=1024', '--max-semi-space-size=8']);

/** The roles of ROLES (comma-separated; the server's default is all three). */
export function rolesOf(value) {
  const roles = (value ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  return roles.length > 0 ? roles : ['web', 'worker', 'realtime'];
}

/**
 * Any other process (web or realtime role): the young generation kept small as a worker's, its old
 * generation unbounded (the dashboard's first fuzzy query builds an index of the whole memory). A
 * web process catching its fuzzy index up during a 1 M import peaked ~20 MB lower with 8 MB
 * semi-spaces than with V8's 16 MB, CPU alike (ADR 0011).
 */
export const WEB_NODE_FLAGS = Object.freeze(['--max-semi-space-size=8']);

/**
 * The flags for a process with these roles. A flag the operator already set in NODE_OPTIONS is not
 * passed again: theirs applies.
 */
export function nodeFlagsForRoles(roles, nodeOptions = '') {
  const flags = roles.some((role) => role !== 'worker') ? WEB_NODE_FLAGS : WORKER_NODE_FLAGS;
  return flags.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
}

/**
 * glibc malloc settings for a process with the web role (ADR 0019). Its fuzzy indexes
 * build a segment every catch-up tick while an import runs, each build letting go MBs of
 * `ArrayBuffer`s; with glibc's dynamic mmap threshold (raised to the largest block freed, up to
 * 32 MB) those come from the main heap after the first few, and the holes they leave when freed
 * stay resident: at a 1 M import the web process's memory outside the V8 heap and live buffers grew
 * ~40 MB. A fixed 128 KiB threshold keeps every large buffer in its own mapping, handed back to the
 * system when freed (with the packing builds of ADR 0011: 426 against 458 MB at the peak).
 */
export const WEB_MALLOC_ENV = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });

/**
 * Environment variables for a process with these roles, to set when it is started (glibc reads
 * them once). Nothing when the operator set any MALLOC_ variable: theirs apply.
 */
export function nodeEnvForRoles(roles, env = {}) {
  if (!roles.includes('web')) return {};
  if (Object.keys(env).some((name) => name.startsWith('MALLOC_'))) return {};
  return { ...WEB_MALLOC_ENV };
}
