import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '@bhasha/db';
import {
  DELIVERY_CHANNEL,
  listenForDeliveryChanges,
  type DeliveryChangeListener,
} from '../../src/modules/proxy/delivery-change-listener';
import { createTestDb } from '../support/test-db';

let handle: DbHandle & { url: string | null };
let listener: DeliveryChangeListener;
const received: (string | undefined)[] = [];
const warnings: string[] = [];

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  handle = await createTestDb();
  listener = listenForDeliveryChanges(
    handle,
    (projectId) => received.push(projectId),
    (message) => warnings.push(message),
  );
  await listener.ready;
}, 60_000);

afterAll(async () => {
  await listener?.close();
  await handle?.close();
});

describe('delivery change notifications', () => {
  it('delivers a NOTIFY on the delivery channel with its project id', async () => {
    received.length = 0;
    await handle.executeSql(`SELECT pg_notify('${DELIVERY_CHANNEL}', 'project-1')`);
    await until(() => received.includes('project-1'));
    expect(received).toEqual(['project-1']);
  });

  // PGlite has no connection to lose; on PostgreSQL (TEST_DATABASE_URL, as in CI) the server ends it.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'after its connection is killed, says that anything may have changed and listens again',
    async () => {
      received.length = 0;
      const admin = new pg.Client({ connectionString: handle.url! });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
            WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
        expect(killed.rows).toHaveLength(1);
        await until(() => received.includes(undefined));
        expect(warnings.some((warning) => warning.includes('listening again'))).toBe(true);
        // Listening again: a later change arrives.
        const deadline = Date.now() + 5_000;
        while (!received.includes('project-2') && Date.now() < deadline) {
          await admin.query(`SELECT pg_notify('${DELIVERY_CHANNEL}', 'project-2')`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(received).toContain('project-2');
      } finally {
        await admin.end();
      }
    },
    20_000,
  );
});
