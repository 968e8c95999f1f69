import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate } from 'react-router';
import { AppFilesPage } from '../../app-files/pages/app-files-page';
import { ScopePage } from '../../scope/pages/scope-page';
import { useAbilities } from '../../users/api/users-queries';
import { CreateProjectForm } from '../components/create-project-form';
import { ProjectsTable } from '../components/projects-table';
import { ProjectOverviewPage } from './project-overview-page';

function ProjectListPage() {
  const { t } = useTranslation('projects');
  const abilities = useAbilities();
  const gate = abilities.data?.projectCreation;
  // The server says whether a project may be created (role, organisation, plan) and why not,
  // so the wizard never opens only to refuse at its last step.
  const blockedReason = gate && !gate.allowed ? gate.reason : null;
  return (
    <Card
      title={
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
      extra={
        blockedReason || !gate ? (
          <Button type="primary" icon={<PlusOutlined />} disabled data-testid="projects-create">
            {t('create')}
          </Button>
        ) : (
          <Link to="new">
            <Button type="primary" icon={<PlusOutlined />} data-testid="projects-create">
              {t('create')}
            </Button>
          </Link>
        )
      }
    >
      {blockedReason ? (
        <Alert
          type="info"
          showIcon
          title={t('wizard.cannotCreate')}
          description={blockedReason}
          style={{ marginBottom: 16 }}
          data-testid="projects-create-blocked"
        />
      ) : null}
      <ProjectsTable />
    </Card>
  );
}

function ProjectCreatePage() {
  const { t } = useTranslation('projects');
  const navigate = useNavigate();
  const abilities = useAbilities();
  const gate = abilities.data?.projectCreation;
  if (abilities.isLoading) return <Skeleton active />;
  return (
    <Card
      title={
        <Space>
          <Link to="..">{t('overview.back')}</Link>/ {t('wizard.title')}
        </Space>
      }
    >
      {gate?.allowed ? (
        <CreateProjectForm
          types={gate.types}
          // A mobile project has nothing to translate until its files are uploaded: it opens there.
          onCreated={(project) =>
            void navigate(project.type === 'mob' ? `../${project.id}/files` : `../${project.id}`)
          }
        />
      ) : (
        <Result
          status="info"
          title={t('wizard.cannotCreate')}
          subTitle={gate?.reason}
          data-testid="projects-create-blocked"
        />
      )}
    </Card>
  );
}

/** /app/projects: the list, the create wizard, a project's overview, its scope or its string files. */
export function ProjectsPage() {
  return (
    <Routes>
      <Route index element={<ProjectListPage />} />
      <Route path="new" element={<ProjectCreatePage />} />
      <Route path=":projectId" element={<ProjectOverviewPage />} />
      <Route path=":projectId/scope" element={<ScopePage />} />
      <Route path=":projectId/files" element={<AppFilesPage />} />
      {/* Any other path (an old or mistyped link) showed an empty page: back to the list. */}
      <Route path="*" element={<Navigate to="/app/projects" replace />} />
    </Routes>
  );
}
