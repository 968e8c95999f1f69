import { sql } from 'drizzle-orm';
import { pgArray } from '../../lib/pg-array';
import type { BinaryTextColumn } from '../../lib/pg-binary-array';
import { binaryBigintArray, binaryTextArray } from '../../lib/pg-binary-array';

/*
 * A memory write's rows as columns, and how their arrays are sent (ADR 0019): the
 * repository's upsert paths (translation-memory.repository.ts) pick, join and unnest these.
 */

/** The languages of one memory write. */
export interface LanguagePair {
  sourceLang: string;
  targetLang: string;
}

/**
 * Rows of one language pair as columns with their entry keys (`memoryEntryKey`): what the
 * statements send, so no object per row is built for them.
 */
export interface KeyedColumns {
  keys: bigint[];
  sourceHashes: string[];
  sourceTexts: Texts;
  texts: Texts;
  /** One project for every row (a TMX import's), or each row's. */
  projectIds: string | string[];
}

/**
 * A column of texts: strings, or elements of a `BinaryTextColumn` (a TMX import's batch, kept as
 * UTF-8 from the moment it is read, ADR 0019), sent without being decoded.
 */
export type Texts =
  { strings: readonly string[] } | { column: BinaryTextColumn; elements: readonly number[] };

function pickTexts(texts: Texts, indices: readonly number[]): Texts {
  if ('strings' in texts) return { strings: indices.map((i) => texts.strings[i]!) };
  return { column: texts.column, elements: indices.map((i) => texts.elements[i]!) };
}

function stringsOf(texts: Texts): readonly string[] {
  return 'strings' in texts ? texts.strings : texts.elements.map((element) => texts.column.text(element));
}

function appendTexts(a: Texts, b: Texts): Texts {
  if ('column' in a && 'column' in b && a.column === b.column)
    return { column: a.column, elements: [...a.elements, ...b.elements] };
  return { strings: [...stringsOf(a), ...stringsOf(b)] };
}

/** The rows of `a`, then those of `b`. */
export function appendRows(a: KeyedColumns, b: KeyedColumns): KeyedColumns {
  const projects = (columns: KeyedColumns) =>
    typeof columns.projectIds === 'string'
      ? columns.keys.map(() => columns.projectIds as string)
      : columns.projectIds;
  return {
    keys: [...a.keys, ...b.keys],
    sourceHashes: [...a.sourceHashes, ...b.sourceHashes],
    sourceTexts: appendTexts(a.sourceTexts, b.sourceTexts),
    texts: appendTexts(a.texts, b.texts),
    projectIds:
      typeof a.projectIds === 'string' && a.projectIds === b.projectIds
        ? a.projectIds
        : [...projects(a), ...projects(b)],
  };
}

/** The rows at `indices`, in that order. */
export function pickRows(columns: KeyedColumns, indices: readonly number[]): KeyedColumns {
  const { projectIds } = columns;
  return {
    keys: indices.map((i) => columns.keys[i]!),
    sourceHashes: indices.map((i) => columns.sourceHashes[i]!),
    sourceTexts: pickTexts(columns.sourceTexts, indices),
    texts: pickTexts(columns.texts, indices),
    projectIds: typeof projectIds === 'string' ? projectIds : indices.map((i) => projectIds[i]!),
  };
}

/**
 * How a memory statement's array parameters are sent. On PostgreSQL in the binary wire format
 * (`Buffer`s, read by `array_recv`): the server parsed text literals character by character, half of
 * its CPU for an upserted row (psql, 200,000 rows in 10,000-row statements: the parameters' parse alone
 * 1.15 s of backend CPU as literals, 0.63 s binary; ADR 0019), and the import process paid to
 * escape and encode them. PGlite types and serialises parameters itself: literals there.
 */
export interface ArrayEncoding {
  keys(values: readonly bigint[]): string | Buffer;
  texts(values: readonly string[]): string | Buffer;
  /** A column of texts; a binary column's elements are copied as they are. */
  column(texts: Texts): string | Buffer;
}

export const BINARY_ARRAYS: ArrayEncoding = {
  keys: binaryBigintArray,
  texts: binaryTextArray,
  column: (texts) =>
    'column' in texts ? texts.column.parameter(texts.elements) : binaryTextArray(texts.strings),
};
export const LITERAL_ARRAYS: ArrayEncoding = {
  // Decimal numbers need no quoting.
  keys: (values) => `{${values.join(',')}}`,
  texts: pgArray,
  column: (texts) => pgArray(stringsOf(texts)),
};

/**
 * A TMX import's rows all name its project: one parameter then, not an array of the same uuid per
 * row for the driver to copy and the server to parse.
 */
function projectParameter({ projectIds }: KeyedColumns) {
  const one = typeof projectIds === 'string' || projectIds.every((id) => id === projectIds[0]);
  return one
    ? { column: sql`${typeof projectIds === 'string' ? projectIds : projectIds[0]}::uuid`, unnest: sql`` }
    : { column: sql`t.project_id`, unnest: sql`, unnest(${pgArray(projectIds)}::uuid[]) as project_id` };
}

/**
 * A chunk's rows as the relation `t` (entry_key, source_hash, source_text, text[, project_id]).
 * The arrays are unnested in the select list (a ProjectSet node, which hands rows on as it makes
 * them), not as `from unnest(a, b, c)`: that form gathers every row in a tuplestore first, and a
 * chunk's ~7 MB of texts spilled to temporary files beyond `work_mem` (psql: 35 MB of temporary
 * files per 100,000 rows; parse and scan 0.63 → 0.45 s of backend CPU per 200,000 rows). The
 * arrays have one length, so the unnests run in step.
 */
export function chunkRows(arrays: ArrayEncoding, chunk: KeyedColumns, withKeys: boolean) {
  const project = projectParameter(chunk);
  const keys = withKeys ? sql`unnest(${arrays.keys(chunk.keys)}::bigint[]) as entry_key, ` : sql``;
  return {
    project,
    rows: sql`(select ${keys}unnest(${arrays.texts(chunk.sourceHashes)}::text[]) as source_hash,
        unnest(${arrays.column(chunk.sourceTexts)}::text[]) as source_text,
        unnest(${arrays.column(chunk.texts)}::text[]) as text${project.unnest}) as t`,
  };
}
