import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate } from 'react-router';
import { ScopePage } from '../../scope/pages/scope-page';
import { CreateProjectForm } from '../components/create-project-form';
import { ProjectsTable } from '../components/projects-table';
import { ProjectOverviewPage } from './project-overview-page';

function ProjectListPage() {
  const { t } = useTranslation('projects');
  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
      extra={
        <Link to="new">
          <Button type="primary" icon={<PlusOutlined />} data-testid="projects-create">
            {t('create')}
          </Button>
        </Link>
      }
    >
      <ProjectsTable />
    </Card>
  );
}

function ProjectCreatePage() {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  return (
    <Card
      title={
        <Space>
          <Link to="..">{t('overview.back')}</Link>/ {t('wizard.title')}
        </Space>
      }
    >
      <CreateProjectForm onCreated={(project) => void navigate(`../${project.id}`)} />
    </Card>
  );
}

/** /app/projects: the list, the create wizard, a project's overview and its scope. */
export function ProjectsPage() {
  return (
    <Routes>
      <Route index element={<ProjectListPage />} />
      <Route path="new" element={<ProjectCreatePage />} />
      <Route path=":projectId" element={<ProjectOverviewPage />} />
      <Route path=":projectId/scope" element={<ScopePage />} />
      {/* Any other path (an old or mistyped link) showed an empty page: back to the list. */}
      <Route path="*" element={<Navigate to="/app/projects" replace />} />
    </Routes>
  );
}
