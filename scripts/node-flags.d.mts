/** Node flags of a worker-only process (bounded old generation, small young generation). */
export declare const WORKER_NODE_FLAGS: readonly string[];
/** The roles of ROLES (comma-separated; the server's default is all three). */
export declare function rolesOf(value: string | undefined): string[];
/** The node flags for a process with these roles, leaving out those NODE_OPTIONS already sets. */
export declare function nodeFlagsForRoles(roles: readonly string[], nodeOptions?: string): string[];
