import { Drawer, Empty, Skeleton, Timeline, Typography } from 'antd';
import type { AppFile } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useAppFileVersions } from '../api/app-files-queries';

interface FileVersionsDrawerProps {
  projectId: string;
  /** The file whose history is shown; null while the drawer is closed. */
  file: AppFile | null;
  onClose: () => void;
}

/** Every uploaded version of one file, newest first, with what each changed. */
export function FileVersionsDrawer({ projectId, file, onClose }: FileVersionsDrawerProps) {
  const { t, i18n } = useTranslation('appFiles');
  const versions = useAppFileVersions(projectId, file?.fileId ?? null);
  const list = versions.data ?? [];
  return (
    <Drawer
      open={file !== null}
      onClose={onClose}
      size={480}
      title={file ? t('versions.title', { path: file.path }) : ''}
      data-testid="file-versions-drawer"
    >
      {versions.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('versions.empty')} />
      ) : (
        <Timeline
          data-testid="file-versions"
          items={list.map((version) => ({
            key: version.version,
            content: (
              <div data-testid="file-version">
                <Typography.Text strong>
                  {t('versions.version', { version: version.version })}
                </Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {new Date(version.uploadedAt).toLocaleString(i18n.language)}
                  {version.uploadedBy ? ` ${t('versions.uploadedBy', { name: version.uploadedBy })}` : ''}
                </Typography.Text>
                <div>
                  {t('versions.counts', {
                    strings: version.stringCount,
                    added: version.added,
                    changed: version.changed,
                    removed: version.removed,
                  })}
                </div>
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
