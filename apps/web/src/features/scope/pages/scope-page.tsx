import { useState } from 'react';
import {
  ArrowLeftOutlined,
  ExportOutlined,
  EyeOutlined,
  GlobalOutlined,
  HistoryOutlined,
  PlusOutlined,
  ReloadOutlined,
  SyncOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Dropdown,
  Input,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import { SCOPE_MESSAGES, type ScopeShow, type ScopeUrl } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { appToaster } from '../../../lib/api/app-toaster';
import { useProject, useStartCrawl } from '../../projects/api/projects-queries';
import { scopeApi, type AddUrlsResult } from '../api/scope-api';
import {
  useCheckTracked,
  useScopeDomains,
  useScopeUrls,
  useToggleScope,
  useToggleTracking,
  useUploadUrls,
} from '../api/scope-queries';
import { AddUrlsModal } from '../components/add-urls-modal';
import { PagePreviewDrawer } from '../components/page-preview-drawer';
import { TrackingVersionsDrawer } from '../components/tracking-versions-drawer';
import { UrlLanguagesDrawer, languageName } from '../components/url-languages-drawer';
import { openInNewTab } from '../lib/open-in-new-tab';

const PAGE_SIZE = 20;
const STATUS_COLOURS: Record<string, string> = {
  fetched: 'success',
  failed: 'error',
  skipped: 'warning',
  redirected: 'default',
  duplicate: 'default',
  new: 'processing',
};

/** The URLs that redirect to a page, listed under it (they are not pages of their own). */
function FoldedRedirects({ row }: { row: ScopeUrl }) {
  const { t } = useTranslation('scope');
  const more = row.redirectCount - row.redirects.length;
  return (
    <div data-testid="scope-folded-redirects">
      <Typography.Text type="secondary">{t('redirects.title')}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {row.redirects.map((redirect) => (
          <li key={redirect.id}>
            <Typography.Text>{redirect.url}</Typography.Text>{' '}
            {redirect.httpStatus && <Tag>{redirect.httpStatus}</Tag>}
          </li>
        ))}
      </ul>
      {more > 0 && <Typography.Text type="secondary">{t('redirects.more', { count: more })}</Typography.Text>}
    </div>
  );
}

/** /app/projects/:projectId/scope: the project's URLs with search, domain filter, toggles, add and upload. */
export function ScopePage() {
  const { t, i18n } = useTranslation('scope');
  const { projectId = '' } = useParams();
  const [search, setSearch] = useState('');
  const [hostname, setHostname] = useState<string | undefined>();
  // A URL that answered a redirect is not a page: pages list them folded under their target.
  const [show, setShow] = useState<Extract<ScopeShow, 'pages' | 'redirects'>>('pages');
  const [pageNumber, setPageNumber] = useState(1);
  const [isAdding, setIsAdding] = useState(false);
  const [result, setResult] = useState<AddUrlsResult | null>(null);
  const [previewing, setPreviewing] = useState<ScopeUrl | null>(null);
  const [showingVersions, setShowingVersions] = useState<ScopeUrl | null>(null);
  const [showingLanguages, setShowingLanguages] = useState<ScopeUrl | null>(null);
  const project = useProject(projectId);
  const languages = (project.data?.targetLanguages ?? []).filter(
    (code) => code !== project.data?.sourceLanguage,
  );
  const [previewBlocked, setPreviewBlocked] = useState<{ language: string; url: string } | null>(null);
  /**
   * Opens the page translated into a language in a new tab (scope/getPreviewUrl). When the
   * browser refuses the tab, the URL's languages drawer shows the link to click instead.
   */
  const openPreview = async (row: ScopeUrl, language: string) => {
    setPreviewBlocked(null);
    try {
      const tab = await openInNewTab(() =>
        scopeApi.previewUrl(projectId, language, row.url).then((d) => d.previewUrl),
      );
      if (!tab.opened) {
        setPreviewBlocked({ language, url: tab.url });
        setShowingLanguages(row);
      }
    } catch {
      // The API client has shown the server's message.
    }
  };
  const urls = useScopeUrls(projectId, {
    pageNumber,
    pageSize: PAGE_SIZE,
    ...(search ? { search } : {}),
    ...(hostname ? { hostname } : {}),
    show,
  });
  const redirectTotal = urls.data?.redirectTotal ?? 0;
  const domains = useScopeDomains(projectId);
  const toggleScope = useToggleScope(projectId);
  const toggleTracking = useToggleTracking(projectId);
  const upload = useUploadUrls(projectId);
  const crawl = useStartCrawl();
  const checkTracked = useCheckTracked(projectId);
  const format = (value: number) => value.toLocaleString(i18n.language);

  return (
    <Card
      data-testid="scope-page"
      title={
        <Space>
          <Link to="..">
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={() => setIsAdding(true)} data-testid="scope-add">
            {t('add')}
          </Button>
          <Upload
            accept=".csv,.txt,text/csv,text/plain"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload
                .mutateAsync(file)
                .then(setResult)
                .catch(() => undefined);
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={upload.isPending}
              title={t('uploadHint')}
              data-testid="scope-upload"
            >
              {t('upload')}
            </Button>
          </Upload>
          <Tooltip title={t('checkTrackedHint')}>
            <Button
              icon={<SyncOutlined />}
              loading={checkTracked.isPending}
              onClick={() =>
                checkTracked.mutate(undefined, {
                  onSuccess: () => appToaster.success(SCOPE_MESSAGES.trackingStarted),
                })
              }
              data-testid="scope-check-tracked"
            >
              {t('checkTracked')}
            </Button>
          </Tooltip>
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={crawl.isPending}
            onClick={() => crawl.mutate({ projectId })}
            data-testid="scope-recrawl"
          >
            {t('recrawl')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {result && (
          <Alert
            closable
            onClose={() => setResult(null)}
            type={result.failed.length > 0 ? 'warning' : 'success'}
            title={t('added', { added: result.added, existing: result.existing })}
            description={
              result.failed.length > 0 && (
                <>
                  {t('failedList')}:
                  <ul>
                    {result.failed.slice(0, 20).map((failure) => (
                      <li key={failure.url}>
                        {failure.url}: {failure.reason}
                      </li>
                    ))}
                  </ul>
                </>
              )
            }
          />
        )}
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            data-testid="scope-search"
            onSearch={(value) => {
              setSearch(value.trim());
              setPageNumber(1);
            }}
            style={{ width: 320 }}
          />
          <Select
            allowClear
            placeholder={t('allDomains')}
            aria-label={t('allDomains')}
            data-testid="scope-domain-filter"
            value={hostname}
            onChange={(value: string | undefined) => {
              setHostname(value);
              setPageNumber(1);
            }}
            options={(domains.data ?? []).map((value) => ({ value, label: value }))}
            style={{ width: 240 }}
          />
          {(redirectTotal > 0 || show === 'redirects') && (
            <Segmented<typeof show>
              data-testid="scope-show"
              aria-label={t('show.label')}
              value={show}
              onChange={(value) => {
                setShow(value);
                setPageNumber(1);
              }}
              options={[
                { value: 'pages', label: t('show.pages') },
                { value: 'redirects', label: t('show.redirects', { count: redirectTotal }) },
              ]}
            />
          )}
        </Space>
        <Table<ScopeUrl>
          data-testid="scope-table"
          rowKey="id"
          size="middle"
          loading={urls.isLoading}
          dataSource={urls.data?.urlList ?? []}
          locale={{ emptyText: show === 'redirects' ? t('show.noRedirects') : t('empty') }}
          expandable={{
            rowExpandable: (row) => row.redirectCount > 0,
            expandedRowRender: (row) => <FoldedRedirects row={row} />,
          }}
          // On a 1366 px screen the ten columns are wider than the card: the table scrolls inside
          // it, and the actions stay in view (they were cut off past the card's edge).
          scroll={{ x: 'max-content' }}
          pagination={{
            current: pageNumber,
            pageSize: PAGE_SIZE,
            total: urls.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => (
              <span data-testid="scope-total">
                {show === 'redirects' ? t('redirectTotal', { count: total }) : t('total', { count: total })}
              </span>
            ),
            onChange: setPageNumber,
          }}
          columns={[
            {
              key: 'url',
              title: t('columns.url'),
              render: (_, row) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text ellipsis style={{ maxWidth: 'min(420px, 20vw)' }} title={row.url}>
                    {row.url}
                  </Typography.Text>
                  {row.redirectsTo && (
                    <Typography.Text
                      type="secondary"
                      ellipsis
                      style={{ maxWidth: 'min(420px, 20vw)', fontSize: 12 }}
                      title={row.redirectsTo}
                      data-testid="scope-redirect-target"
                    >
                      {t('redirects.to', { url: row.redirectsTo })}
                    </Typography.Text>
                  )}
                  {row.redirectCount > 0 && (
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12 }}
                      data-testid="scope-redirect-count"
                    >
                      {t('redirects.count', { count: row.redirectCount })}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              key: 'status',
              title: t('columns.status'),
              render: (_, row) => (
                <Tag color={STATUS_COLOURS[row.status] ?? 'default'}>
                  {row.status in STATUS_COLOURS ? t(`statuses.${row.status as 'new'}`) : row.status}
                  {row.httpStatus && row.httpStatus !== 200 ? ` (${row.httpStatus})` : ''}
                </Tag>
              ),
            },
            {
              key: 'words',
              title: t('columns.words'),
              align: 'right',
              render: (_, row) => format(row.sourceWordCount),
            },
            {
              key: 'unique',
              title: t('columns.unique'),
              align: 'right',
              render: (_, row) => format(row.uniqueWordCount),
            },
            {
              key: 'fresh',
              title: t('columns.fresh'),
              align: 'right',
              render: (_, row) => format(row.newContentWordCount),
            },
            {
              key: 'inScope',
              title: t('columns.inScope'),
              render: (_, row) => (
                <Switch
                  size="small"
                  checked={row.inScope}
                  aria-label={`${t('columns.inScope')}: ${row.url}`}
                  onChange={(inScope) => toggleScope.mutate({ id: row.id, inScope })}
                />
              ),
            },
            {
              key: 'tracked',
              title: t('columns.tracked'),
              render: (_, row) => (
                <Switch
                  size="small"
                  checked={row.tracked}
                  aria-label={`${t('columns.tracked')}: ${row.url}`}
                  onChange={(tracked) => toggleTracking.mutate({ id: row.id, tracked })}
                />
              ),
            },
            {
              key: 'lastCrawled',
              title: t('columns.lastCrawled'),
              // Short date and time on one line: the column stays clear of the sticky actions.
              render: (_, row) => (
                <span style={{ whiteSpace: 'nowrap' }} data-testid="scope-last-read">
                  {row.lastCrawledAt
                    ? new Date(row.lastCrawledAt).toLocaleString(i18n.language, {
                        dateStyle: 'short',
                        timeStyle: 'short',
                      })
                    : '—'}
                </span>
              ),
            },
            {
              key: 'actions',
              title: t('columns.actions'),
              fixed: 'right',
              render: (_, row) => (
                <Space size={0}>
                  <Tooltip title={t('preview.open')}>
                    <Button
                      type="text"
                      icon={<EyeOutlined />}
                      aria-label={`${t('preview.open')}: ${row.url}`}
                      onClick={() => setPreviewing(row)}
                      data-testid="scope-preview"
                    />
                  </Tooltip>
                  <Tooltip title={t('languages.open')}>
                    <Button
                      type="text"
                      icon={<GlobalOutlined />}
                      aria-label={`${t('languages.open')}: ${row.url}`}
                      onClick={() => setShowingLanguages(row)}
                      data-testid="scope-languages"
                    />
                  </Tooltip>
                  <Dropdown
                    trigger={['click']}
                    disabled={languages.length === 0}
                    menu={{
                      items: languages.map((language) => ({
                        key: language,
                        label: t('languages.previewIn', { language: languageName(language) }),
                      })),
                      onClick: ({ key }) => void openPreview(row, key),
                    }}
                  >
                    <Button
                      type="text"
                      icon={<ExportOutlined />}
                      aria-label={`${t('languages.previewMenu')}: ${row.url}`}
                      disabled={languages.length === 0}
                      title={languages.length > 0 ? t('languages.previewMenu') : t('languages.none')}
                      data-testid="scope-open-preview"
                    />
                  </Dropdown>
                  <Tooltip title={row.tracked ? t('versions.open') : t('versions.notTracked')}>
                    <Button
                      type="text"
                      icon={<HistoryOutlined />}
                      aria-label={`${t('versions.open')}: ${row.url}`}
                      disabled={!row.tracked}
                      onClick={() => setShowingVersions(row)}
                      data-testid="scope-versions"
                    />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      </Space>
      <PagePreviewDrawer projectId={projectId} url={previewing} onClose={() => setPreviewing(null)} />
      <UrlLanguagesDrawer
        projectId={projectId}
        url={showingLanguages}
        languages={languages}
        onPreview={openPreview}
        blocked={previewBlocked}
        onDismissBlocked={() => setPreviewBlocked(null)}
        onClose={() => {
          setPreviewBlocked(null);
          setShowingLanguages(null);
        }}
      />
      <TrackingVersionsDrawer
        projectId={projectId}
        url={showingVersions}
        onClose={() => setShowingVersions(null)}
      />
      <AddUrlsModal
        projectId={projectId}
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onResult={setResult}
      />
    </Card>
  );
}
