import { useState } from 'react';
import { Button, Drawer, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import type { ScopeUrl } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useTrackingFileSource, useTrackingFiles } from '../api/scope-queries';

/**
 * The versions a tracked URL has served (the tracking files), newest first; choosing one shows
 * its HTML as text. The HTML is the customer's page: it is never rendered or injected.
 */
export function TrackingVersionsDrawer({
  projectId,
  url,
  onClose,
}: {
  projectId: string;
  url: ScopeUrl | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('scope');
  const [fileId, setFileId] = useState<string | null>(null);
  const files = useTrackingFiles(projectId, url?.id ?? null);
  const source = useTrackingFileSource(projectId, fileId);
  const formatTime = (value: string) => new Date(value).toLocaleString(i18n.language);
  const formatSize = (bytes: number) =>
    t('versions.size', { size: (bytes / 1024).toLocaleString(i18n.language, { maximumFractionDigits: 1 }) });

  return (
    <Drawer
      open={url !== null}
      onClose={() => {
        setFileId(null);
        onClose();
      }}
      title={t('versions.title')}
      size="large"
      destroyOnHidden
      data-testid="scope-versions-drawer"
    >
      {url && (
        <Typography.Paragraph type="secondary" style={{ wordBreak: 'break-all' }}>
          {url.url}
        </Typography.Paragraph>
      )}
      {files.isLoading ? (
        <Skeleton active />
      ) : (
        <ItemList
          size="small"
          bordered
          dataSource={files.data?.files ?? []}
          emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('versions.empty')} />}
          renderItem={(file, index) => (
            <ItemList.Item
              actions={[
                <Button
                  key="view"
                  size="small"
                  type={file.id === fileId ? 'primary' : 'default'}
                  onClick={() => setFileId(file.id)}
                >
                  {t('versions.view')}
                </Button>,
              ]}
            >
              <Space wrap>
                <Typography.Text>{formatTime(file.fetchedAt)}</Typography.Text>
                {index === 0 && <Tag color="processing">{t('versions.latest')}</Tag>}
                <Typography.Text type="secondary">{formatSize(file.size)}</Typography.Text>
                <Typography.Text type="secondary" code title={file.contentHash}>
                  {file.contentHash.slice(0, 12)}
                </Typography.Text>
              </Space>
            </ItemList.Item>
          )}
        />
      )}
      {fileId && (
        <div style={{ marginTop: 16 }}>
          {source.isLoading ? (
            <Skeleton active />
          ) : source.data ? (
            <>
              <Typography.Title level={5}>
                {t('versions.sourceOf', { time: formatTime(source.data.fetchedAt) })}
              </Typography.Title>
              <pre
                data-testid="scope-version-source"
                style={{
                  maxHeight: 420,
                  overflow: 'auto',
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-all',
                  fontSize: 12,
                  padding: 12,
                  background: 'rgba(0, 0, 0, 0.04)',
                  borderRadius: 6,
                }}
              >
                {source.data.src}
              </pre>
            </>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}
