/** Node flags of a worker-only process (bounded old generation, small young generation). */
export declare const WORKER_NODE_FLAGS: readonly string[];
/** Node flags of any other process (a small young generation). */
export declare const WEB_NODE_FLAGS: readonly string[];
/** The roles of ROLES (comma-separated; the server's default is all three). */
export declare function rolesOf(value: string | undefined): string[];
/** The node flags for a process with these roles, leaving out those NODE_OPTIONS already sets. */
export declare function nodeFlagsForRoles(roles: readonly string[], nodeOptions?: string): string[];
/** glibc malloc settings of a process with the web role (a fixed mmap threshold). */
export declare const WEB_MALLOC_ENV: Readonly<Record<string, string>>;
/** Environment variables to start a process with these roles with; none when `env` sets a MALLOC_ variable. */
export declare function nodeEnvForRoles(
  roles: readonly string[],
  env?: Readonly<Record<string, string | undefined>>,
): Record<string, string>;
