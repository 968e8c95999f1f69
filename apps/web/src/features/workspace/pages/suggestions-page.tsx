import { useState } from 'react';
import { CheckOutlined, CloseOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import {
  DOWNLOAD_NAMES,
  SUGGESTION_STATUS_VALUES,
  SUGGESTION_UPLOAD_MAX_BYTES,
  TRANSLATION_MESSAGES,
  formatSuggestionsProcessed,
  type Suggestion,
  type SuggestionStatus,
} from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import type { ResponseAt } from '@bhasha/contract';
import {
  useAcceptSuggestion,
  useRejectSuggestions,
  useSuggestions,
  useUploadSuggestions,
} from '../api/translation-queries';
import { ReportPageTitle } from '../components/report-page-title';
import { SegmentText } from '../components/segment-text';
import { useReportTable } from '../hooks/use-report-table';

const PAGE_SIZE = 20;
const STATUS_COLOURS: Readonly<Record<SuggestionStatus, string>> = {
  new: 'blue',
  inprocess: 'gold',
  accepted: 'green',
  rejected: 'red',
};

/** /app/workspace/:projectId/suggestions — visitors' suggestions: accept (optionally edited), reject, CSV out and in. */
export function SuggestionsPage() {
  const { t, i18n } = useTranslation('workspace');
  const { projectId = '' } = useParams();
  const report = useReportTable(projectId, {
    pageSize: PAGE_SIZE,
    csv: { path: 'suggestion/download', fileName: DOWNLOAD_NAMES.suggestionReport },
  });
  const { project, languageName, filterSetter } = report;
  const [status, setStatus] = useState<SuggestionStatus | undefined>('new');
  const [searchText, setSearchText] = useState('');
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ suggestion: Suggestion; text: string } | null>(null);
  const [uploadResult, setUploadResult] = useState<ResponseAt<'suggestion/upload'> | null>(null);
  const filter = {
    ...report.query,
    ...(status ? { status } : {}),
    ...(searchText ? { searchText } : {}),
  };
  const list = useSuggestions(projectId, filter);
  const accept = useAcceptSuggestion(projectId);
  const reject = useRejectSuggestions(projectId);
  const upload = useUploadSuggestions(projectId);
  const isOpen = (suggestion: Suggestion) => suggestion.status === 'new' || suggestion.status === 'inprocess';

  const acceptOne = (suggestion: Suggestion, text?: string) =>
    accept
      .mutateAsync({ id: suggestion.id, ...(text && text !== suggestion.suggestion ? { text } : {}) })
      .then(() => {
        appToaster.success(TRANSLATION_MESSAGES.suggestionAccepted);
        setEditing(null);
      })
      .catch(() => undefined);

  const rejectMany = (ids: string[]) =>
    reject
      .mutateAsync(ids)
      .then(() => {
        appToaster.success(TRANSLATION_MESSAGES.suggestionRejected);
        setSelectedIds([]);
      })
      .catch(() => undefined);

  return (
    <Card
      data-testid="suggestions-page"
      title={<ReportPageTitle title={t('suggestions.title')} projectName={project.data?.name} />}
      extra={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={report.isDownloading}
            onClick={() => void report.download(status ? { status } : {})}
          >
            {t('suggestions.download')}
          </Button>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > SUGGESTION_UPLOAD_MAX_BYTES) {
                appToaster.warning(TRANSLATION_MESSAGES.uploadTooLarge);
                return false;
              }
              void upload.mutateAsync(file).then((result) => {
                if (!result.success) return;
                setUploadResult(result.data);
                appToaster.success(formatSuggestionsProcessed(result.data.updated, result.data.noAction));
              });
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              {t('suggestions.upload')}
            </Button>
          </Upload>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {uploadResult && (
          <Alert
            closable
            onClose={() => setUploadResult(null)}
            type={uploadResult.errors.length > 0 ? 'warning' : 'success'}
            title={formatSuggestionsProcessed(uploadResult.updated, uploadResult.noAction)}
            description={
              uploadResult.errors.length > 0 && (
                <ul data-testid="suggestion-upload-errors">
                  {uploadResult.errors.slice(0, 50).map((error) => (
                    <li key={error.row}>
                      {t('suggestions.uploadRowError', { row: error.row, message: error.message })}
                    </li>
                  ))}
                </ul>
              )
            }
          />
        )}
        <Space wrap>
          <Select {...report.languageSelect} />
          <Select
            allowClear
            aria-label={t('suggestions.status')}
            placeholder={t('suggestions.allStatuses')}
            value={status}
            onChange={filterSetter<SuggestionStatus | undefined>(setStatus)}
            options={SUGGESTION_STATUS_VALUES.map((value) => ({
              value,
              label: t(`suggestions.statuses.${value}`),
            }))}
            style={{ width: 160 }}
          />
          <Input.Search
            allowClear
            placeholder={t('suggestions.search')}
            aria-label={t('suggestions.search')}
            onSearch={(value) => filterSetter(setSearchText)(value.trim())}
            style={{ width: 280 }}
          />
          {selectedIds.length > 0 && (
            <Button
              danger
              icon={<CloseOutlined />}
              loading={reject.isPending}
              onClick={() => void rejectMany(selectedIds)}
            >
              {t('suggestions.rejectSelected', { count: selectedIds.length })}
            </Button>
          )}
        </Space>
        <Table<Suggestion>
          data-testid="suggestions-table"
          rowKey="id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.suggestions ?? []}
          locale={{ emptyText: t('suggestions.empty') }}
          rowSelection={{
            selectedRowKeys: selectedIds,
            onChange: (keys) => setSelectedIds(keys.map(String)),
            getCheckboxProps: (row) => ({ disabled: !isOpen(row) }),
          }}
          pagination={report.pagination(list.data?.total ?? 0)}
          columns={[
            {
              key: 'source',
              title: t('columns.source'),
              render: (_, row) => <SegmentText text={row.source} />,
            },
            {
              key: 'current',
              title: t('suggestions.current'),
              render: (_, row) =>
                row.currentTarget ? (
                  <SegmentText text={row.currentTarget} />
                ) : (
                  <Typography.Text type="secondary" italic>
                    {t('row.noTarget')}
                  </Typography.Text>
                ),
            },
            {
              key: 'suggestion',
              title: t('suggestions.suggestion'),
              render: (_, row) => (
                <Typography.Text strong>
                  <SegmentText text={row.suggestion} />
                </Typography.Text>
              ),
            },
            {
              key: 'language',
              title: t('suggestions.language'),
              render: (_, row) => languageName(row.targetLang),
            },
            {
              key: 'status',
              title: t('suggestions.status'),
              render: (_, row) => (
                <Tag color={STATUS_COLOURS[row.status]} data-testid="suggestion-status">
                  {t(`suggestions.statuses.${row.status}`)}
                </Tag>
              ),
            },
            {
              key: 'created',
              title: t('suggestions.created'),
              render: (_, row) => new Date(row.createdAt).toLocaleDateString(i18n.language),
            },
            {
              key: 'actions',
              title: t('suggestions.actions'),
              render: (_, row) =>
                isOpen(row) && (
                  <Space size={4}>
                    <Button
                      size="small"
                      type="primary"
                      icon={<CheckOutlined />}
                      loading={accept.isPending && accept.variables?.id === row.id}
                      onClick={() => void acceptOne(row)}
                    >
                      {t('suggestions.accept')}
                    </Button>
                    <Button
                      size="small"
                      onClick={() => setEditing({ suggestion: row, text: row.suggestion })}
                    >
                      {t('suggestions.editAccept')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<CloseOutlined />}
                      onClick={() => void rejectMany([row.id])}
                    >
                      {t('suggestions.reject')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      </Space>
      <Modal
        open={editing !== null}
        title={t('suggestions.editAccept')}
        okText={t('suggestions.accept')}
        okButtonProps={{ loading: accept.isPending, disabled: !editing?.text.trim() }}
        onCancel={() => setEditing(null)}
        onOk={() => editing && void acceptOne(editing.suggestion, editing.text)}
      >
        {editing && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              <SegmentText text={editing.suggestion.source} />
            </Typography.Text>
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 8 }}
              aria-label={t('suggestions.suggestion')}
              value={editing.text}
              onChange={(event) => setEditing({ ...editing, text: event.target.value })}
            />
          </Space>
        )}
      </Modal>
    </Card>
  );
}
