import { useState } from 'react';
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  FileTextOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Modal,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { LANGUAGES, SUCCESS_MESSAGES, isLanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import { AppFilesSummaryCard } from '../../app-files/components/app-files-summary-card';
import { useDeleteProject, useProject } from '../api/projects-queries';
import { CrawlCard } from '../components/crawl-card';
import { DomainsCard } from '../components/domains-card';
import { ProjectStatusTag } from '../components/project-status-tag';
import { WordCountCard } from '../components/word-count-card';
import { CollaboratorsCard } from '../collaborators/collaborators-card';
import { IntegrationCard } from '../integration/integration-card';
import { MtEngineCard } from '../mt-engine/mt-engine-card';

/** /app/projects/:projectId: status, live crawl, word counts. */
export function ProjectOverviewPage() {
  const { t } = useTranslation('projects');
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const remove = useDeleteProject();
  const [confirming, setConfirming] = useState(false);
  const [keepTm, setKeepTm] = useState(true);

  if (project.isLoading) return <Skeleton active />;
  if (!project.data) return <Result status="404" extra={<Link to="..">{t('overview.back')}</Link>} />;
  const data = project.data;
  // While the deletion runs and after it, the cards are gone: none of them asks about the project.
  const leaving = remove.isPending || remove.isSuccess;
  const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="project-overview">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Space>
          <Link to="..">
            <ArrowLeftOutlined /> {t('overview.back')}
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {data.name}
          </Typography.Title>
          <ProjectStatusTag status={data.status} />
        </Space>
        <Space>
          {data.type === 'website' && (
            <Link to="scope">
              <Button icon={<UnorderedListOutlined />} data-testid="project-scope-link">
                {t('overview.scope')}
              </Button>
            </Link>
          )}
          {data.type === 'mob' && (
            <Link to="files">
              <Button icon={<FileTextOutlined />} data-testid="project-files-link">
                {t('overview.files')}
              </Button>
            </Link>
          )}
          <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)}>
            {t('overview.delete')}
          </Button>
        </Space>
      </Space>
      {leaving ? (
        <Skeleton active />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={10}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Card>
                <Descriptions column={1} size="small">
                  <Descriptions.Item label={t('columns.type')}>{t(`types.${data.type}`)}</Descriptions.Item>
                  {data.type !== 'mob' && (
                    <Descriptions.Item label={t('columns.website')}>{data.baseUrl}</Descriptions.Item>
                  )}
                  <Descriptions.Item label={t('overview.languages')}>
                    {languageName(data.sourceLanguage)} → {data.targetLanguages.map(languageName).join(', ')}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
              {/* A mobile project's strings come from its files: it has no crawl and no domains. */}
              {data.type === 'mob' ? (
                <AppFilesSummaryCard projectId={data.id} />
              ) : (
                <CrawlCard project={data} />
              )}
              {data.type === 'website' && <DomainsCard project={data} />}
              <CollaboratorsCard project={data} />
            </Space>
          </Col>
          <Col xs={24} lg={14}>
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <WordCountCard projectId={data.id} />
              {data.type === 'website' && <IntegrationCard projectId={data.id} />}
              <MtEngineCard
                scope={{ kind: 'project', projectId: data.id }}
                canEdit
                languages={{ source: data.sourceLanguage, targets: data.targetLanguages }}
              />
            </Space>
          </Col>
        </Row>
      )}
      <Modal
        open={confirming}
        title={t('overview.delete')}
        okButtonProps={{ danger: true, loading: remove.isPending }}
        onCancel={() => setConfirming(false)}
        onOk={() =>
          void remove
            .mutateAsync({ projectId: data.id, keepTm })
            .then(() => {
              appToaster.success(SUCCESS_MESSAGES.projectDeleteRequested);
              void navigate('..');
            })
            .catch(() => undefined)
        }
      >
        <Typography.Paragraph>{t('overview.confirmDelete', { name: data.name })}</Typography.Paragraph>
        <Checkbox checked={keepTm} onChange={(event) => setKeepTm(event.target.checked)}>
          {t('overview.keepTm')}
        </Checkbox>
      </Modal>
    </Space>
  );
}
