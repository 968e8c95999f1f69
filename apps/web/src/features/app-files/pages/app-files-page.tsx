import { useState } from 'react';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import type { AppFile, AppFileUploadResult } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProject } from '../../projects/api/projects-queries';
import { useAppFiles } from '../api/app-files-queries';
import { AddLanguagesModal } from '../components/add-languages-modal';
import { AppFileDragger } from '../components/app-file-dragger';
import { AppFilesTable } from '../components/app-files-table';
import { FileVersionsDrawer } from '../components/file-versions-drawer';
import { ProjectDownloadMenu } from '../components/project-download-menu';
import { UploadResultCard } from '../components/upload-result-card';

/** The last upload's outcome and what it was: a first upload, or a new version of a file. */
interface LastUpload {
  result: AppFileUploadResult;
  resyncedPath: string | null;
}

/** /app/projects/:projectId/files: a mobile project's string files, their upload, progress and exports. */
export function AppFilesPage() {
  const { t } = useTranslation('appFiles');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  const isMobile = project.data?.type === 'mob';
  const files = useAppFiles(projectId, isMobile);
  const [lastUpload, setLastUpload] = useState<LastUpload | null>(null);
  const [versionsOf, setVersionsOf] = useState<AppFile | null>(null);
  const [isAddingLanguages, setAddingLanguages] = useState(false);

  if (project.isLoading) return <Skeleton active />;
  if (!project.data) return <Result status="404" extra={<Link to="..">{t('back')}</Link>} />;
  const data = project.data;
  if (!isMobile)
    return <Result status="info" title={t('notMobile')} extra={<Link to="..">{t('back')}</Link>} />;
  const list = files.data ?? [];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="app-files-page">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Link to="..">
            <ArrowLeftOutlined /> {t('back')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {data.name}: {t('title')}
          </Typography.Title>
        </Space>
        <Space wrap>
          <ProjectDownloadMenu project={data} disabled={list.length === 0} />
          <Button
            icon={<PlusOutlined />}
            onClick={() => setAddingLanguages(true)}
            data-testid="app-files-add-languages"
          >
            {t('actions.addLanguages')}
          </Button>
        </Space>
      </Space>
      <Card title={t('upload.title')}>
        <AppFileDragger
          projectId={data.id}
          onUploaded={(result) => setLastUpload({ result, resyncedPath: null })}
        />
      </Card>
      {lastUpload && (
        <UploadResultCard
          result={lastUpload.result}
          title={
            lastUpload.resyncedPath
              ? t('result.resyncTitle', { path: lastUpload.resyncedPath })
              : t('result.title')
          }
          onDismiss={() => setLastUpload(null)}
        />
      )}
      <Card title={t('title')}>
        {files.isLoading ? (
          <Skeleton active data-testid="app-files-loading" />
        ) : (
          <AppFilesTable
            projectId={data.id}
            files={list}
            isLoading={files.isFetching && !files.data}
            onResynced={(file, result) => setLastUpload({ result, resyncedPath: file.path })}
            onOpenVersions={setVersionsOf}
          />
        )}
      </Card>
      <FileVersionsDrawer projectId={data.id} file={versionsOf} onClose={() => setVersionsOf(null)} />
      <AddLanguagesModal
        projectId={data.id}
        open={isAddingLanguages}
        existing={[data.sourceLanguage, ...data.targetLanguages]}
        onClose={() => setAddingLanguages(false)}
      />
    </Space>
  );
}
