import { Resolver } from 'node:dns/promises';

/** The DNS look-up domain ownership needs; node:dns in production, a resolver on a test server in tests. */
export interface TxtResolver {
  /** The TXT records of a name, each as its character strings; rejects with ENOTFOUND/ENODATA when none. */
  resolveTxt(name: string): Promise<string[][]>;
}

/** The system's resolver, or one asking the given servers (`host[:port]`). */
export function createTxtResolver(servers: readonly string[] = [], timeoutMs = 5_000): TxtResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return { resolveTxt: (name) => resolver.resolveTxt(name) };
}
