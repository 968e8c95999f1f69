import { sql } from 'drizzle-orm';
import { pages, type Database } from '@bhasha/db';
import { sha256Hex, type Segment } from '@bhasha/engine';
import type { TranslationType } from '@bhasha/contract';
import { createSegmentsRepository } from '../../../src/modules/crawl/segments.repository';
import {
  createTranslationWriter,
  type TranslationChange,
} from '../../../src/modules/translation/translation-writer.repository';
import { silentEmitter } from '../../../src/realtime/realtime-emitter';

const TOPICS = ['licence', 'tender', 'scheme', 'circular', 'notice', 'report', 'minister', 'budget'];

/** The i-th synthetic string: varied words, so text searches select a fraction of the rows. */
export function syntheticText(i: number): string {
  return `Item ${i}: the ${TOPICS[i % TOPICS.length]} of section ${Math.floor(i / 97)} is published`;
}

/**
 * Stores `count` segments in a project the way a crawl does (segments repository, pages of
 * `perPage`), then translates every `translateEvery.TYPE`-th one through the translation writer,
 * so counts and rows are exactly what production holds. Returns the hashes in document order.
 */
export async function seedLargeProject(
  db: Database,
  ids: { organisationId: string; projectId: string },
  options: {
    count: number;
    perPage?: number;
    targetLang: string;
    translateEvery?: Partial<Record<Exclude<TranslationType, 'NO_TRANSLATION_AVAILABLE'>, number>>;
  },
): Promise<string[]> {
  const perPage = options.perPage ?? 1000;
  const repository = createSegmentsRepository(db);
  const hashes: string[] = [];
  for (let start = 0; start < options.count; start += perPage) {
    const url = `https://large.example.in/page-${start / perPage}`;
    const [page] = await db
      .insert(pages)
      .values({ ...ids, url, normalisedUrl: url, hostname: 'large.example.in', status: 'fetched' })
      .returning({ id: pages.id });
    const found: Segment[] = [];
    for (let i = start; i < Math.min(options.count, start + perPage); i += 1) {
      const text = syntheticText(i);
      const sourceHash = sha256Hex(text);
      hashes.push(sourceHash);
      found.push({
        kind: 'text' as const,
        text,
        sourceHash,
        wordCount: text.split(' ').length,
        placeholders: [],
        element: 'p',
        start: 0,
        end: 0,
        raw: text,
      });
    }
    await repository.replacePageSegments({ ...ids, pageId: page!.id }, found, new Date());
  }
  const changes: TranslationChange[] = [];
  hashes.forEach((sourceHash, i) => {
    for (const [type, every] of Object.entries(options.translateEvery ?? {})) {
      if (i % every !== 0) continue;
      changes.push({
        sourceHash,
        targetLang: options.targetLang,
        text: `अनुवाद ${i}`,
        type: type as TranslationType,
        origin: type === 'MACHINE' ? 'machine' : 'editor',
      });
      break;
    }
  });
  const writer = createTranslationWriter({ db, emitter: silentEmitter, clock: { now: () => new Date() } });
  for (let i = 0; i < changes.length; i += 5000)
    await writer.write({ ...ids, authorId: null }, changes.slice(i, i + 5000));
  await db.execute(sql`analyze`);
  return hashes;
}
