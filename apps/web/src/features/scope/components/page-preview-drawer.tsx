import { useState } from 'react';
import { Descriptions, Drawer, Empty, Skeleton, Table, Tag, Typography } from 'antd';
import type { PageSegment, ScopeUrl } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { usePageSegments } from '../api/scope-queries';

const PAGE_SIZE = 50;

/** What the extractor found on one URL: its segments in page order, with their word counts. */
export function PagePreviewDrawer({
  projectId,
  url,
  onClose,
}: {
  projectId: string;
  url: ScopeUrl | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('scope');
  const [pageNumber, setPageNumber] = useState(1);
  const segments = usePageSegments(projectId, url?.id ?? null, pageNumber, PAGE_SIZE);
  const format = (value: number) => value.toLocaleString(i18n.language);
  const current = segments.data?.url ?? url;

  return (
    <Drawer
      open={url !== null}
      onClose={() => {
        setPageNumber(1);
        onClose();
      }}
      title={t('preview.title')}
      size="large"
      destroyOnHidden
      data-testid="scope-preview-drawer"
    >
      {current && (
        <Descriptions column={2} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('columns.url')} span={2}>
            <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
              {current.url}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('preview.segments')}>{format(current.segmentCount)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.words')}>{format(current.sourceWordCount)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.unique')}>{format(current.uniqueWordCount)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.fresh')}>
            {format(current.newContentWordCount)}
          </Descriptions.Item>
        </Descriptions>
      )}
      {segments.isLoading ? (
        <Skeleton active />
      ) : (
        <Table<PageSegment>
          rowKey="sourceHash"
          size="small"
          loading={segments.isFetching}
          dataSource={segments.data?.segments ?? []}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.empty')} />,
          }}
          pagination={{
            current: pageNumber,
            pageSize: PAGE_SIZE,
            total: segments.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPageNumber,
          }}
          columns={[
            {
              key: 'text',
              title: t('preview.text'),
              render: (_, segment) => (
                // Plain text: segment texts come from the customer's page and are never HTML here.
                <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 3, expandable: true }}>
                  {segment.text}
                </Typography.Paragraph>
              ),
            },
            {
              key: 'kind',
              title: t('preview.kind'),
              width: 110,
              render: (_, segment) => <Tag>{t(`preview.kinds.${segment.kind}`, segment.kind)}</Tag>,
            },
            {
              key: 'words',
              title: t('columns.words'),
              align: 'right',
              width: 80,
              render: (_, segment) =>
                segment.occurrences > 1
                  ? `${format(segment.wordCount)} × ${format(segment.occurrences)}`
                  : format(segment.wordCount),
            },
            {
              key: 'new',
              title: t('columns.fresh'),
              width: 80,
              render: (_, segment) =>
                segment.isNew ? <Tag color="processing">{t('preview.new')}</Tag> : null,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
