import { ArrowLeftOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The title row of a workspace report page (suggestions, feedback): a link back to the workspace,
 * the page's title and the project's name.
 */
export function ReportPageTitle({ title, projectName }: { title: string; projectName: string | undefined }) {
  const { t } = useTranslation('workspace');
  return (
    <Space>
      <Link to="/app/workspace" aria-label={t('editor.back')}>
        <ArrowLeftOutlined />
      </Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {projectName !== undefined && <Typography.Text type="secondary">{projectName}</Typography.Text>}
    </Space>
  );
}
