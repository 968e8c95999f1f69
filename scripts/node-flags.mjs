// Node flags of a Bhasha server process by the roles it runs (docs/adr/0013, "Update (session 5):
// memory"). scripts/start.mjs passes them to the built server; the crawl benchmark runs its
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
 * The flags for a process with these roles. Processes with the web or realtime role keep V8's
 * defaults (the dashboard's first fuzzy query builds an index of the whole memory). A flag the
 * operator already set in NODE_OPTIONS is not passed again: theirs applies.
 */
export function nodeFlagsForRoles(roles, nodeOptions = '') {
  if (roles.some((role) => role !== 'worker')) return [];
  return WORKER_NODE_FLAGS.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
}
