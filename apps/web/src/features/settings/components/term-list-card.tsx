import { useState, type ReactNode } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Table, Typography, Upload, type TableColumnType } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TERM_MESSAGES } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import type { ApiResult } from '../../../lib/api/api-result';
import type { SettingRows, TermPage } from '../api/settings-api';
import { useDeleteColumn } from './settings-list-parts';

const PAGE_SIZE = 10;

interface TermListCardProps<T extends { id: string }> {
  testId: string;
  title: string;
  description: string;
  /** The CSV columns the upload expects, shown beside the upload button. */
  formatHint: string;
  /** Every key of this list starts with it; a page's key appends the page. */
  queryKey: readonly unknown[];
  fetchPage: (page: TermPage) => Promise<SettingRows<T>>;
  upload: (file: File) => Promise<ApiResult<{ saved: number }>>;
  remove: (ids: string[]) => Promise<ApiResult<unknown>>;
  columns: TableColumnType<T>[];
  describe: (row: T) => string;
  /** Controls shown before the upload button (a language for the file, say). */
  uploadOptions?: ReactNode;
  /** Extra actions beside the upload button (a download, say). */
  actions?: ReactNode;
}

/** What the server said was wrong with a file, beyond the spec's one-line message. */
function readUploadProblems(result: ApiResult<unknown>): string[] {
  if (result.success) return [];
  const data = (result as { data?: unknown }).data;
  const details = Array.isArray(data) ? data.filter((item): item is string => typeof item === 'string') : [];
  const problems = details.length > 0 ? details : [result.message];
  return problems.filter((problem) => problem && problem !== TERM_MESSAGES.badFormat);
}

/**
 * An uploaded term list of the project settings (spec §3: transliteration data, glossary
 * transliteration data): a CSV upload, the list page by page, delete per row. A failed upload
 * shows 'Please upload a correct format' (spec §5) and, under the button, what the server found.
 */
export function TermListCard<T extends { id: string }>(props: TermListCardProps<T>) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [page, setPage] = useState<TermPage>({ pageNumber: 1, pageSize: PAGE_SIZE });
  const [problems, setProblems] = useState<string[]>([]);
  const list = useQuery({
    queryKey: [...props.queryKey, page],
    queryFn: () => props.fetchPage(page),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: props.queryKey });

  const upload = useMutation({
    mutationFn: (file: File) => props.upload(file),
    onSuccess: async (result) => {
      if (!result.success) {
        appToaster.warning(TERM_MESSAGES.badFormat);
        setProblems(readUploadProblems(result));
        return;
      }
      setProblems([]);
      appToaster.success(result.message);
      setPage((current) => ({ ...current, pageNumber: 1 }));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => props.remove([id]),
    onSuccess: async (result) => {
      if (result.success) appToaster.success(result.message);
      await refresh();
    },
  });
  const deleteColumn = useDeleteColumn<T>(remove, props.describe);
  const total = list.data?.totalCount ?? 0;

  return (
    <Card title={props.title} data-testid={props.testId}>
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {props.description}
        </Typography.Paragraph>
        <Flex gap="small" wrap align="center">
          {props.uploadOptions}
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              upload.mutate(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button
              type="primary"
              icon={<UploadOutlined />}
              loading={upload.isPending}
              data-testid={`${props.testId}-upload`}
            >
              {t('terms.upload')}
            </Button>
          </Upload>
          {props.actions}
          <Typography.Text type="secondary">{props.formatHint}</Typography.Text>
        </Flex>
        {problems.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            closable={{ onClose: () => setProblems([]) }}
            title={TERM_MESSAGES.badFormat}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
            data-testid={`${props.testId}-problems`}
          />
        ) : null}
        <Table<T>
          rowKey="id"
          size="small"
          loading={list.isLoading || list.isFetching}
          dataSource={list.data?.rows ?? []}
          columns={[...props.columns, deleteColumn]}
          locale={{ emptyText: <Empty description={t('list.empty')} /> }}
          footer={() => t('list.total', { count: total })}
          pagination={{
            current: page.pageNumber,
            pageSize: page.pageSize,
            total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (pageNumber) => setPage((current) => ({ ...current, pageNumber })),
          }}
        />
      </Flex>
    </Card>
  );
}
