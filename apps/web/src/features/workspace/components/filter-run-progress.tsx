import { Alert, Progress, Space, Typography } from 'antd';
import type { NmtRun } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

/** How far a run over the editor's filter has come (machine translation or transliteration). */
export function FilterRunProgress({ run, onClose }: { run: NmtRun; onClose: () => void }) {
  const { t, i18n } = useTranslation('workspace');
  const format = (value: number) => value.toLocaleString(i18n.language);
  const isOver = run.status === 'completed' || run.status === 'failed';
  const percent = run.total === 0 ? 100 : Math.floor((run.done / run.total) * 100);
  const kind = run.mode === 'transliterate' ? 'transliterate' : 'machine';
  const title = isOver
    ? run.status === 'failed'
      ? t(`filterRun.failed.${kind}`)
      : t(`filterRun.done.${kind}`, {
          translated: format(run.translated),
          skipped: format(run.skipped + run.unchanged),
        })
    : t(`filterRun.running.${kind}`, { done: format(run.done), total: format(run.total) });
  return (
    <Alert
      data-testid="filter-run-progress"
      data-status={run.status}
      type={run.status === 'failed' ? 'error' : isOver ? 'success' : 'info'}
      showIcon
      closable={isOver}
      onClose={onClose}
      title={
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text>{title}</Typography.Text>
          {run.error && <Typography.Text type="danger">{run.error}</Typography.Text>}
          <Progress
            percent={percent}
            status={run.status === 'failed' ? 'exception' : isOver ? 'success' : 'active'}
            aria-label={title}
          />
        </Space>
      }
    />
  );
}
