import pg from 'pg';

/**
 * A new, empty PostgreSQL database next to the one `serverUrl` names (same server and user), so
 * every benchmark run starts from the same state; `drop()` removes it afterwards.
 */
export async function createFreshDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bhasha_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    // BENCH_PG_SLOW_MS: PostgreSQL logs this database's statements slower than that (its server log).
    const slow = Number(process.env.BENCH_PG_SLOW_MS);
    if (slow > 0)
      await admin.query(`ALTER DATABASE ${name} SET log_min_duration_statement = ${Math.floor(slow)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await again.end();
      }
    },
  };
}
