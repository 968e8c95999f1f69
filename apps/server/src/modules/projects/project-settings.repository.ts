import { and, eq, isNull, sql } from 'drizzle-orm';
import { projects, type Database, type ProjectSettings } from '@bhasha/db';

/** The selector lists of projects.settings this module edits. */
export type SelectorListKey = 'noTranslateSelectors' | 'swalekhSelectors';

const SELECTOR_LIST_KEYS: readonly SelectorListKey[] = ['noTranslateSelectors', 'swalekhSelectors'];

function listPath(key: SelectorListKey) {
  // A fixed key from the list above, never user input: safe to write into the SQL text.
  if (!SELECTOR_LIST_KEYS.includes(key)) throw new Error(`Unknown settings list ${key}`);
  return { path: sql.raw(`'{${key}}'`), current: sql`coalesce(${projects.settings} -> ${key}, '[]'::jsonb)` };
}

const currentFontSizes = sql`coalesce(${projects.settings} -> 'customFontSizes', '{}'::jsonb)`;

/**
 * Queries on a project's delivery settings (projects.settings, the one place the crawler, the
 * proxy and the snippet read). Each change is one UPDATE on the current value with jsonb
 * operators, so two people saving at once lose nothing. Callers pass a project id they checked.
 */
export function createProjectSettingsRepository(db: Database) {
  async function read(projectId: string): Promise<ProjectSettings | undefined> {
    const [row] = await db
      .select({ settings: projects.settings })
      .from(projects)
      .where(and(eq(projects.id, projectId), isNull(projects.deletingAt)))
      .limit(1);
    return row?.settings;
  }

  return {
    read,

    async listSelectors(projectId: string, key: SelectorListKey): Promise<string[]> {
      return (await read(projectId))?.[key] ?? [];
    },

    /** Appends the selector unless it is there already or the list is full; true when appended. */
    async appendSelector(
      projectId: string,
      key: SelectorListKey,
      selector: string,
      maxEntries: number,
      now: Date,
    ): Promise<boolean> {
      const { path, current } = listPath(key);
      const rows = await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, ${path}, ${current} || jsonb_build_array(${selector}::text))`,
          updatedAt: now,
        })
        .where(
          and(
            eq(projects.id, projectId),
            isNull(projects.deletingAt),
            sql`not (${current} @> jsonb_build_array(${selector}::text))`,
            sql`jsonb_array_length(${current}) < ${maxEntries}`,
          ),
        )
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    /** Removes these exact selectors (a short, bounded list). */
    async removeSelectors(
      projectId: string,
      key: SelectorListKey,
      selectors: readonly string[],
      now: Date,
    ): Promise<void> {
      if (selectors.length === 0) return;
      const { path, current } = listPath(key);
      const doomed = sql.join(
        selectors.map((selector) => sql`${selector}::text`),
        sql`, `,
      );
      await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, ${path}, coalesce((
            select jsonb_agg(entry) from jsonb_array_elements(${current}) as entry
            where not (entry #>> '{}' in (${doomed}))
          ), '[]'::jsonb))`,
          updatedAt: now,
        })
        .where(and(eq(projects.id, projectId), isNull(projects.deletingAt)));
    },

    async listFontSizes(projectId: string): Promise<Record<string, number>> {
      return (await read(projectId))?.customFontSizes ?? {};
    },

    /** Sets (or replaces) one language's size, unless that would make the map too big; true when saved. */
    async saveFontSize(
      projectId: string,
      language: string,
      fontSize: number,
      maxEntries: number,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, '{customFontSizes}', ${currentFontSizes} || jsonb_build_object(${language}::text, ${fontSize}::int))`,
          updatedAt: now,
        })
        .where(
          and(
            eq(projects.id, projectId),
            isNull(projects.deletingAt),
            sql`((${currentFontSizes} -> ${language}::text) is not null or (select count(*) from jsonb_object_keys(${currentFontSizes})) < ${maxEntries})`,
          ),
        )
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    async removeFontSizes(projectId: string, languages: readonly string[], now: Date): Promise<void> {
      if (languages.length === 0) return;
      const doomed = sql.join(
        languages.map((language) => sql`${language}::text`),
        sql`, `,
      );
      await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, '{customFontSizes}', ${currentFontSizes} - array[${doomed}])`,
          updatedAt: now,
        })
        .where(and(eq(projects.id, projectId), isNull(projects.deletingAt)));
    },
  };
}

export type ProjectSettingsRepository = ReturnType<typeof createProjectSettingsRepository>;
