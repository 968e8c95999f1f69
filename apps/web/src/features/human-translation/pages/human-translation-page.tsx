import { useState } from 'react';
import { Card, Empty, Flex, Input, Skeleton, Table, Tag, Typography } from 'antd';
import { LANGUAGES, isLanguageCode, type ManualRequest } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useManualRequests } from '../api/manual-translation-queries';
import { ManualRequestActions } from '../components/manual-request-actions';
import { ManualRequestStatusTag } from '../components/manual-request-status-tag';

const PAGE_SIZE = 10;
const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);

/** /app/human-translation: the orders sent to the Prabandhak desk, with search, paging and actions. */
export function HumanTranslationPage() {
  const { t, i18n } = useTranslation('humanTranslation');
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const list = useManualRequests(page, PAGE_SIZE, searchText);
  const requests = list.data?.requests ?? [];
  const numbers = new Intl.NumberFormat(i18n.language);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns = [
    {
      key: 'project',
      title: t('columns.project'),
      render: (_: unknown, request: ManualRequest) =>
        request.projectId ? (
          request.projectName
        ) : (
          <Typography.Text type="secondary">
            {request.projectName} ({t('projectGone')})
          </Typography.Text>
        ),
    },
    { key: 'organisation', title: t('columns.organisation'), dataIndex: 'organisationName' },
    {
      key: 'languages',
      title: t('columns.languages'),
      render: (_: unknown, request: ManualRequest) =>
        request.targetLanguages.map((code) => <Tag key={code}>{languageName(code)}</Tag>),
    },
    {
      key: 'strings',
      title: t('columns.strings'),
      align: 'right' as const,
      render: (_: unknown, request: ManualRequest) => numbers.format(request.segmentCount),
    },
    {
      key: 'words',
      title: t('columns.words'),
      align: 'right' as const,
      render: (_: unknown, request: ManualRequest) => numbers.format(request.totalWordCount),
    },
    {
      key: 'status',
      title: t('columns.status'),
      render: (_: unknown, request: ManualRequest) => (
        <ManualRequestStatusTag status={request.status} id={request.id} />
      ),
    },
    {
      key: 'requestedBy',
      title: t('columns.requestedBy'),
      render: (_: unknown, request: ManualRequest) => request.requestedBy ?? '—',
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      render: (_: unknown, request: ManualRequest) => dates.format(new Date(request.createdAt)),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_: unknown, request: ManualRequest) => <ManualRequestActions request={request} />,
    },
  ];

  return (
    <Card title={t('page.title')} data-testid="human-translation-page">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
        <Input.Search
          allowClear
          placeholder={t('page.search')}
          aria-label={t('page.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setSearchText(value.trim());
            setPage(1);
          }}
          data-testid="requests-search"
        />
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} data-testid="requests-loading" />
        ) : (
          <Table<ManualRequest>
            rowKey="id"
            data-testid="requests-table"
            columns={columns}
            dataSource={requests}
            loading={list.isFetching && !list.isLoading}
            scroll={{ x: true }}
            locale={{
              emptyText: (
                <Empty
                  description={
                    searchText ? (
                      t('page.emptySearch')
                    ) : (
                      <>
                        <div>{t('page.empty')}</div>
                        <Typography.Text type="secondary">{t('page.emptyHint')}</Typography.Text>
                      </>
                    )
                  }
                />
              ),
            }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        )}
      </Flex>
    </Card>
  );
}
