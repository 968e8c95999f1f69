import { eq } from 'drizzle-orm';
import { memoryEntries, pages, segments } from '@bhasha/db';
import type { TranslationType } from '@bhasha/contract';
import { extractSegments, sourceHash } from '@bhasha/engine';
import { createSegmentsRepository } from '../../../src/modules/crawl/segments.repository';
import { createProjectsRepository } from '../../../src/modules/projects/projects.repository';
import type { MtTestApp } from './mt-test-app';

/** Distinct English sentences, `count` of them, starting at `from`. */
export function sentences(from: number, count: number, topic = 'harbour'): string[] {
  return Array.from(
    { length: count },
    (_, i) => `The ${topic} report number ${from + i} lists every ship that arrived before noon.`,
  );
}

/** A website project of the organisation whose one page holds `texts` as paragraphs (stored as the crawler does). */
export async function projectWithTexts(
  t: MtTestApp,
  organisationId: string,
  texts: readonly string[],
  name = 'Memory',
) {
  const project = await createProjectsRepository(t.handle.db).insert({
    organisationId,
    name,
    baseUrl: 'https://memory.example.org',
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    status: 'parsed',
  });
  const url = `https://memory.example.org/${name.toLowerCase()}`;
  const [page] = await t.handle.db
    .insert(pages)
    .values({
      organisationId,
      projectId: project.id,
      url,
      normalisedUrl: url,
      hostname: 'memory.example.org',
    })
    .returning();
  const html = `<html><body>${texts.map((text) => `<p>${text}</p>`).join('\n')}</body></html>`;
  await createSegmentsRepository(t.handle.db).replacePageSegments(
    { organisationId, projectId: project.id, pageId: page!.id },
    extractSegments(html),
    new Date(),
  );
  const stored = await t.handle.db.select().from(segments).where(eq(segments.projectId, project.id));
  return { project, segments: stored };
}

/** Translations of `texts` in project `project` through the translation writer (as an editor would). */
export async function translate(
  t: MtTestApp,
  project: { id: string; organisationId: string },
  entries: ReadonlyArray<{ text: string; translation: string; type: TranslationType }>,
) {
  const results = await t.runtime.writer.write(
    { organisationId: project.organisationId, projectId: project.id, authorId: null },
    entries.map((entry) => ({
      sourceHash: sourceHash(entry.text),
      targetLang: 'es',
      text: entry.translation,
      type: entry.type,
      origin: entry.type === 'MACHINE' ? 'machine' : 'editor',
    })),
  );
  if (results.some((result) => result.outcome !== 'created'))
    throw new Error(`a memory translation was not stored: ${JSON.stringify(results)}`);
}

/** An entry of the organisation's memory that no live project holds (a TMX unit kept). */
export async function keepInMemory(t: MtTestApp, organisationId: string, text: string, translation: string) {
  await t.handle.db.insert(memoryEntries).values({
    organisationId,
    sourceLang: 'en',
    targetLang: 'es',
    sourceHash: sourceHash(text),
    sourceText: text,
    text: translation,
    type: 'USER',
    origin: 'tmx',
  });
}
