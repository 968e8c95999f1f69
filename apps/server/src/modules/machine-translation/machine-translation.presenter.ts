import type { NmtOrigin, NmtRun, NmtRunStatus, NmtTp } from '@bhasha/contract';
import type { MtRunRow } from './mt-runs.repository';
import type { MtUsageRow } from './mt-usage.repository';

export function presentRun(row: MtRunRow): NmtRun {
  return {
    requestId: row.requestId,
    projectId: row.projectId,
    targetLang: row.targetLang,
    nmtService: row.options.engine,
    tp: row.options.tp as NmtTp,
    origin: row.options.origin as NmtOrigin,
    mode: row.options.mode ?? 'translate',
    status: row.status as NmtRunStatus,
    total: row.total,
    done: row.translated + row.skipped + row.unchanged,
    translated: row.translated,
    skipped: row.skipped,
    unchanged: row.unchanged,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export function presentUsage(row: MtUsageRow) {
  return {
    projectId: row.projectId,
    domain: row.domain,
    month: row.month,
    nmtService: row.engine,
    nmtCalls: row.calls,
    segments: row.segments,
    nmtCharacterCount: row.characters,
    nmtWordCount: row.words,
  };
}
