import { Tag } from 'antd';
import type { ProjectCreationStatus } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';

/** Tag colour of each project creation status: running work blue, failures red, done green. */
const STATUS_COLOURS: Readonly<Record<ProjectCreationStatus, string>> = {
  partialCreated: 'default',
  processing: 'processing',
  crawling: 'processing',
  crawlingFailed: 'error',
  crawled: 'cyan',
  parsing: 'processing',
  parsingFailed: 'error',
  parsed: 'success',
  translationProcess: 'purple',
  translationCompleted: 'green',
};

export function ProjectStatusTag({ status }: { status: ProjectCreationStatus }) {
  const { t } = useTranslation('projects');
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="project-status">
      {t(`statuses.${status}`)}
    </Tag>
  );
}
