import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, projects, type DbHandle } from '@bhasha/db';
import { sourceHash } from '@bhasha/engine';
import { systemClock } from '../../src/lib/clock';
import {
  createMemoryChangeAnnouncer,
  listenForMemoryChanges,
} from '../../src/modules/translation-memory/memory-changes';
import { createOpenTransactionsRepository } from '../../src/modules/translation-memory/open-transactions.repository';
import { createOrganisationFuzzyIndexes } from '../../src/modules/translation-memory/organisation-fuzzy-indexes';
import { importTmxStream } from '../../src/modules/translation-memory/tmx-import-pipeline';
import {
  createTranslationMemoryRepository,
  type TranslationMemoryRepository,
} from '../../src/modules/translation-memory/translation-memory.repository';
import { createTranslationWriter } from '../../src/modules/translation/translation-writer.repository';
import { silentEmitter } from '../../src/realtime/realtime-emitter';
import { createTestDb } from '../support/test-db';
import { englishHindiTmx } from './support/english-hindi-tmx';

const UNITS = 6_000;
const BATCH = 1_500;
const WORDS = 'price delivery order account help contact bank loan search home team login page'.split(' ');
const sourceOf = (i: number) =>
  `${WORDS[i % WORDS.length]} ${WORDS[(i * 5) % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} item ${i}`;

const tmxOf = (units: number) => englishHindiTmx(units, sourceOf);

/** The real repository, counting the source reads of each organisation (a catch-up reads twice: translations, memory). */
function countingReads(repository: TranslationMemoryRepository) {
  const reads = new Map<string, number>();
  const wrapped: TranslationMemoryRepository = {
    ...repository,
    readSources: (table, organisationId, ...rest) => {
      reads.set(organisationId, (reads.get(organisationId) ?? 0) + 1);
      return repository.readSources(table, organisationId, ...rest);
    },
  };
  return { repository: wrapped, reads };
}

/** One English–Hindi memory entry of the target's organisation and project, stored as an import stores it. */
function storeEntry(
  repository: TranslationMemoryRepository,
  target: { organisationId: string; projectId: string },
  text: string,
  translation = `अनुवाद ${text}`,
) {
  return repository.upsertMemoryEntries(target.organisationId, [
    {
      sourceLang: 'en',
      targetLang: 'hi',
      sourceHash: sourceHash(text),
      sourceText: text,
      text: translation,
      projectId: target.projectId,
    },
  ]);
}

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('memory change notifications wake fuzzy indexes (ADR 0019)', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  }, 180_000);
  afterAll(() => handle.close());

  async function organisationWithProject(name: string) {
    const [organisation] = await handle.db.insert(organisations).values({ name, plan: 'paid' }).returning();
    const [project] = await handle.db
      .insert(projects)
      .values({
        organisationId: organisation!.id,
        name,
        baseUrl: `https://${name.toLowerCase()}.example/`,
        targetLanguages: ['hi'],
        status: 'ready',
      })
      .returning();
    return { organisationId: organisation!.id, projectId: project!.id };
  }

  /**
   * A web process's indexes on a clock the test moves, with no background tick and a long
   * `wakeMaxGapMs`, listening for memory changes: the wake scheduling alone decides when it catches up.
   */
  async function wakeHarness(name: string) {
    const db = handle.db;
    const target = await organisationWithProject(name);
    const repository = createTranslationMemoryRepository(db);
    const clock = { now: 0 };
    const web = createOrganisationFuzzyIndexes(repository, {
      refreshMs: 0,
      maxIndexes: 2,
      backgroundCatchUpMs: null,
      wakeMaxGapMs: 10 * 60_000,
      now: () => clock.now,
      openTransactions: createOpenTransactionsRepository(db),
    });
    const listener = listenForMemoryChanges(db, (organisation, lang, last) =>
      web.changed(organisation, lang, last),
    );
    const announce = createMemoryChangeAnnouncer(db);
    await listener.ready;
    await web.query(target.organisationId, 'en', 'anything', 0.75, 5);
    return {
      clock,
      store: (text: string) => storeEntry(repository, target, text),
      announce: (last?: boolean) => announce(target.organisationId, 'en', last),
      size: () => web.stats(target.organisationId, 'en')?.size,
      async close() {
        await listener.close();
        await web.close();
      },
    };
  }

  it('catches up each batch an import stores on its notification, with no background tick', async () => {
    const db = handle.db;
    const { organisationId, projectId } = await organisationWithProject('Woken');
    const repository = createTranslationMemoryRepository(db);
    // The web process: no background tick at all, so only a notification can bring rows in
    // before its next request.
    const web = createOrganisationFuzzyIndexes(repository, {
      refreshMs: 0,
      maxIndexes: 2,
      backgroundCatchUpMs: null,
      openTransactions: createOpenTransactionsRepository(db),
    });
    const listener = listenForMemoryChanges(db, (organisation, lang, last) =>
      web.changed(organisation, lang, last),
    );
    try {
      await listener.ready;
      expect(await web.query(organisationId, 'en', sourceOf(1), 0.75, 5)).toEqual([]);
      const seenMidImport: number[] = [];
      await importTmxStream(
        {
          repository,
          writer: createTranslationWriter({ db, emitter: silentEmitter, clock: systemClock }),
          // The worker holds no index: the web process learns of the rows from the database.
          fuzzy: createOrganisationFuzzyIndexes(repository, { refreshMs: 0, maxIndexes: 1 }),
          announce: createMemoryChangeAnnouncer(db),
        },
        {
          organisationId,
          projectId,
          sourceLang: 'en',
          targetLang: 'hi',
          authorId: randomUUID(),
          overwrite: false,
        },
        Readable.from([tmxOf(UNITS)]),
        {
          batchSize: BATCH,
          writers: 1,
          onBatch: async (progress) => {
            // The import waits here until the web index holds every row stored so far: without
            // the notification nothing would catch it up (no tick, no request), and this times out.
            await until(() => (web.stats(organisationId, 'en')?.size ?? 0) >= progress.addedToMemory);
            seenMidImport.push(web.stats(organisationId, 'en')!.size);
          },
        },
      );
      expect(seenMidImport).toEqual([1_500, 3_000, 4_500, 6_000]);
      // Each batch became a segment of its own (> 1,000 new texts), built before any request.
      expect(web.stats(organisationId, 'en')).toEqual({ size: UNITS, segments: 4, tail: 0 });
      const last = sourceOf(UNITS - 1);
      const [best] = await web.query(organisationId, 'en', last, 0.75, 5);
      expect(best).toMatchObject({ score: 100, sourceHash: sourceHash(last) });
    } finally {
      await listener.close();
      await web.close();
    }
  }, 120_000);

  it('leaves an index not in use, and a memory it does not hold, to their next request', async () => {
    const db = handle.db;
    const idle = await organisationWithProject('Idle');
    const busy = await organisationWithProject('Busy');
    const unheld = await organisationWithProject('Unheld');
    const { repository, reads } = countingReads(createTranslationMemoryRepository(db));
    let clock = 0;
    const web = createOrganisationFuzzyIndexes(repository, {
      refreshMs: 0,
      maxIndexes: 5,
      backgroundCatchUpMs: null,
      inUseMs: 1_000,
      now: () => clock,
      openTransactions: createOpenTransactionsRepository(db),
    });
    const listener = listenForMemoryChanges(db, (organisation, lang, last) =>
      web.changed(organisation, lang, last),
    );
    const announce = createMemoryChangeAnnouncer(db);
    const store = (target: { organisationId: string; projectId: string }, text: string) =>
      storeEntry(createTranslationMemoryRepository(db), target, text);
    try {
      await listener.ready;
      await web.query(idle.organisationId, 'en', 'anything', 0.75, 5);
      clock = 5_000; // the idle index was last used 5 s ago (inUseMs 1 s); the busy one now
      await web.query(busy.organisationId, 'en', 'anything', 0.75, 5);
      const idleReads = reads.get(idle.organisationId);
      await store(idle, 'an idle organisation stores a price list');
      await store(busy, 'a busy organisation stores a price list');
      await store(unheld, 'an unheld organisation stores a price list');
      // Notifications arrive in the order sent: when the busy index has caught up, the other two
      // were heard first.
      await announce(idle.organisationId, 'en');
      await announce(unheld.organisationId, 'en');
      await announce(busy.organisationId, 'en');
      await until(() => web.stats(busy.organisationId, 'en')?.size === 1);
      expect(web.stats(idle.organisationId, 'en')?.size).toBe(0);
      expect(reads.get(idle.organisationId)).toBe(idleReads);
      expect(web.holds(unheld.organisationId, 'en')).toBe(false);
      expect(reads.get(unheld.organisationId)).toBeUndefined();
      // Its next request catches it up as before.
      const [found] = await web.query(
        idle.organisationId,
        'en',
        'an idle organisation stores a price list',
        0.75,
        5,
      );
      expect(found).toMatchObject({ score: 100 });
    } finally {
      await listener.close();
      await web.close();
    }
  }, 60_000);

  it('catches up at once on the last notification, however long notifications made it wait', async () => {
    const { clock, store, announce, size, close } = await wakeHarness('Last');
    try {
      await store('the first batch of a long import');
      clock.now = 1_000; // a burst of notifications starts: the first is caught up at once
      await announce();
      await until(() => size() === 1);
      await store('a batch a hundred seconds later');
      clock.now = 101_000; // its wait (half the burst, 50 s) has passed since the last catch-up
      await announce();
      await until(() => size() === 2);
      await store('the import stores its last batch');
      clock.now = 101_001; // this one would wait 50 s from the last catch-up's start...
      await announce();
      // ...but the import's last notification brings it forward (without it this times out).
      await announce(true);
      await until(() => size() === 3);
    } finally {
      await close();
    }
  });

  it('catches up once a few notifications wait, however long the burst made the wait', async () => {
    const { clock, store, announce, size, close } = await wakeHarness('Pending');
    try {
      await store('the first batch of a long import');
      clock.now = 1_000; // a burst of notifications starts: the first is caught up at once
      await announce();
      await until(() => size() === 1);
      await store('a batch a hundred seconds later');
      clock.now = 101_000; // its wait (half the burst, 50 s) has passed since the last catch-up
      await announce();
      await until(() => size() === 2);
      clock.now = 101_001; // the next ones wait 50 s from that catch-up
      await store('a batch just after');
      await announce();
      await store('and another');
      await announce();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(size()).toBe(2); // two waiting: the wait holds
      await store('and a third');
      // The third waiting notification brings the catch-up forward (without the bound this times out).
      await announce();
      await until(() => size() === 5);
    } finally {
      await close();
    }
  });

  it('lets more notifications wait as a burst goes on (a quarter of it, at least three)', async () => {
    const { clock, store, announce, size, close } = await wakeHarness('Share');
    const notify = async (n: number) => {
      await store(`batch number ${n} of a long import`);
      await announce();
    };
    try {
      clock.now = 1_000; // the burst starts: caught up at once
      await notify(1);
      await until(() => size() === 1);
      clock.now = 101_000; // the time-scaled wait (50 s) has passed once, then holds from here on
      await notify(2);
      await until(() => size() === 2);
      // Three waiting bring a catch-up forward while a quarter of the burst is at most three.
      for (let n = 3; n <= 14; n += 1) {
        await notify(n);
        if ((n - 2) % 3 === 0) await until(() => size() === n);
      }
      await notify(15);
      await notify(16);
      await notify(17); // the 17th of the burst: a quarter is 4, so three waiting do not suffice
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(size()).toBe(14);
      await notify(18);
      await until(() => size() === 18);
    } finally {
      await close();
    }
  });

  it('wakes every index in use when notifications may have been missed (a reconnection)', async () => {
    const db = handle.db;
    const first = await organisationWithProject('First');
    const second = await organisationWithProject('Second');
    const repository = createTranslationMemoryRepository(db);
    const web = createOrganisationFuzzyIndexes(repository, {
      refreshMs: 0,
      maxIndexes: 5,
      backgroundCatchUpMs: null,
      openTransactions: createOpenTransactionsRepository(db),
    });
    try {
      for (const target of [first, second]) await web.query(target.organisationId, 'en', 'anything', 0.75, 5);
      for (const target of [first, second]) await storeEntry(repository, target, 'a missed row', 'छूटी पंक्ति');
      web.changed(); // what the listener reports after it listens again
      await until(
        () =>
          web.stats(first.organisationId, 'en')?.size === 1 &&
          web.stats(second.organisationId, 'en')?.size === 1,
      );
    } finally {
      await web.close();
    }
  });
});
