import { sql } from 'drizzle-orm';
import type { Database } from '@bhasha/db';

/** Sends a PostgreSQL notification on `channel` (delivered to listeners once the sender commits). */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
