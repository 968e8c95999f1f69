import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useProject } from '../../projects/api/projects-queries';

/** /app/workspace/:projectId opens the editor of the project's first target language. */
export function ProjectLanguageRedirect() {
  const { t } = useTranslation('workspace');
  const { projectId = '' } = useParams();
  const project = useProject(projectId);
  if (project.isLoading) return <Skeleton active />;
  const first = project.data?.targetLanguages[0];
  if (!first) {
    return (
      <Result
        status="404"
        title={t('editor.notFound')}
        extra={<Link to="/app/workspace">{t('editor.back')}</Link>}
      />
    );
  }
  return <Navigate to={first} replace />;
}
