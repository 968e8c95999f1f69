import { RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { ItemList } from '../../../components/item-list/item-list';
import type { TmEntry } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useCreateRevision, useRestoreRevision, useRevisions } from '../api/translation-queries';
import { DisplayTypeTag } from './display-type-tag';
import { SegmentText } from './segment-text';
import { TranslationTypeTag } from './translation-type-tag';

interface RevisionDrawerProps {
  projectId: string;
  targetLang: string;
  /** The entry whose history is shown; null closes the drawer. */
  entry: TmEntry | null;
  onClose: () => void;
}

/** Every saved version of one target, newest first, each restorable; and a manual checkpoint. */
export function RevisionDrawer({ projectId, targetLang, entry, onClose }: RevisionDrawerProps) {
  const { t, i18n } = useTranslation('workspace');
  const revisions = useRevisions(projectId, targetLang, entry?.sourceHash ?? null);
  const restore = useRestoreRevision(projectId, targetLang);
  const checkpoint = useCreateRevision(projectId, targetLang);
  const list = revisions.data?.tmRevisions ?? [];

  return (
    <Drawer
      open={entry !== null}
      onClose={onClose}
      size={520}
      title={t('history.title')}
      data-testid="revision-drawer"
      extra={
        entry && (
          <Button
            icon={<SaveOutlined />}
            loading={checkpoint.isPending}
            onClick={() => checkpoint.mutate(entry.sourceHash)}
          >
            {t('history.checkpoint')}
          </Button>
        )
      }
    >
      {entry && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <Typography.Text type="secondary">{t('columns.source')}</Typography.Text>
            <div>
              <SegmentText text={entry.source} />
            </div>
          </div>
          {revisions.isLoading ? (
            <Skeleton active />
          ) : (
            <ItemList
              data-testid="revision-list"
              dataSource={list}
              emptyText={<Empty description={t('history.empty')} />}
              renderItem={(revision) => {
                const isCurrent =
                  revision.version === entry.version &&
                  revision.preProcessedTarget === entry.preProcessedTarget &&
                  revision.displayType === entry.displayType;
                return (
                  <ItemList.Item
                    data-testid="revision-item"
                    actions={[
                      isCurrent ? (
                        <Tag key="current" color="green">
                          {t('history.current')}
                        </Tag>
                      ) : (
                        <Popconfirm
                          key="restore"
                          title={t('history.confirmRestore')}
                          okText={t('history.restore')}
                          onConfirm={() => restore.mutateAsync(revision.id).catch(() => undefined)}
                        >
                          <Button
                            size="small"
                            icon={<RollbackOutlined />}
                            loading={restore.isPending && restore.variables === revision.id}
                          >
                            {t('history.restore')}
                          </Button>
                        </Popconfirm>
                      ),
                    ]}
                  >
                    <ItemList.Meta
                      title={
                        <Space size={4} wrap>
                          <Typography.Text strong>
                            {t('history.version', { version: revision.version })}
                          </Typography.Text>
                          <TranslationTypeTag type={revision.translationType} />
                          <DisplayTypeTag displayType={revision.displayType} />
                          <Tag>{t(`origins.${revision.origin}`)}</Tag>
                          {revision.checkpoint && <Tag color="gold">{t('history.checkpointTag')}</Tag>}
                        </Space>
                      }
                      description={
                        // The text first, then who and when: read top to bottom, not squeezed into a middle column.
                        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                          {revision.preProcessedTarget ? (
                            <Typography.Text>
                              <SegmentText text={revision.preProcessedTarget} />
                            </Typography.Text>
                          ) : (
                            <Typography.Text type="secondary" italic>
                              {t('row.noTarget')}
                            </Typography.Text>
                          )}
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('history.byline', {
                              date: new Date(revision.createdAt).toLocaleString(i18n.language),
                              name: revision.createdBy ?? t('history.system'),
                            })}
                          </Typography.Text>
                        </Space>
                      }
                    />
                  </ItemList.Item>
                );
              }}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
