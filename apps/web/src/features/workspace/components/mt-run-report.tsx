import { useQuery } from '@tanstack/react-query';
import { Alert, Progress } from 'antd';
import type { NmtRun } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { bulkActionsApi } from '../api/bulk-actions-api';

/** How often a running run is asked for its state (the project room pushes the rows themselves). */
const POLL_MS = 1_500;

const isOver = (run: NmtRun | undefined) => run?.status === 'completed' || run?.status === 'failed';

/**
 * Where the machine translation run started from this editor stands: its progress while it runs,
 * then how it ended — failed with the engine's reason, or finished with strings the engine could
 * not translate — so a run never ends silently.
 */
export function MtRunReport({
  projectId,
  requestId,
  onClose,
}: {
  projectId: string;
  requestId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('workspace');
  const status = useQuery({
    queryKey: ['nmt-run', projectId, requestId],
    queryFn: () => bulkActionsApi.runStatus(projectId, requestId),
    refetchInterval: (query) => (isOver(query.state.data?.run) ? false : POLL_MS),
  });
  const run = status.data?.run;
  if (!run) return null;
  const counts = {
    translated: run.translated,
    unchanged: run.unchanged,
    skipped: run.skipped,
    total: run.total,
    done: run.done,
  };

  if (run.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        closable={{ onClose }}
        data-testid="mt-run-report"
        data-status="failed"
        title={t('mtRun.failed')}
        description={`${run.error ?? t('mtRun.noReason')} ${t('mtRun.failedCounts', counts)}`}
      />
    );
  if (run.status === 'completed')
    return (
      <Alert
        type={run.unchanged > 0 ? 'warning' : 'success'}
        showIcon
        closable={{ onClose }}
        data-testid="mt-run-report"
        data-status={run.unchanged > 0 ? 'partial' : 'completed'}
        title={run.unchanged > 0 ? t('mtRun.partial') : t('mtRun.completed')}
        description={
          run.unchanged > 0 ? t('mtRun.partialCounts', counts) : t('mtRun.completedCounts', counts)
        }
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      data-testid="mt-run-report"
      data-status="running"
      title={t('mtRun.running', counts)}
      description={
        <Progress percent={run.total > 0 ? Math.floor((run.done / run.total) * 100) : 0} size="small" />
      }
    />
  );
}
