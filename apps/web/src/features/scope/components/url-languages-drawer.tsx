import { useState, type HTMLAttributes } from 'react';
import { DeleteOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import { LANGUAGES, isLanguageCode, type ScopeUrl } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { useUpdateTranslatedUrl, useUrlTranslations } from '../api/scope-queries';

/** The path of a page URL (what translated URLs are keyed by). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

export const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);

interface SlugEditorProps {
  language: string;
  sourcePath: string;
  stored: string | undefined;
  isSaving: boolean;
  onSave: (translatedUrl: string) => void;
}

/** One language's translated path: typed, saved, or removed (back to the source path). */
function SlugEditor({ language, sourcePath, stored, isSaving, onSave }: SlugEditorProps) {
  const { t } = useTranslation('scope');
  const [value, setValue] = useState(stored ?? '');
  const trimmed = value.trim();
  const normalised = trimmed === '' || trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  const isChanged = normalised !== (stored ?? '');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Space.Addon>{`/${language}`}</Space.Addon>
      <Input
        value={value}
        placeholder={sourcePath}
        aria-label={`${t('languages.translatedUrl')}: ${languageName(language)}`}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={() => isChanged && onSave(normalised)}
        data-testid="translated-url-input"
      />
      <Button
        icon={<SaveOutlined />}
        disabled={!isChanged || normalised === ''}
        loading={isSaving}
        onClick={() => onSave(normalised)}
        data-testid="translated-url-save"
      >
        {t('languages.save')}
      </Button>
      {stored !== undefined && (
        <Popconfirm
          title={t('languages.confirmRemove', { path: stored })}
          okButtonProps={{ danger: true }}
          onConfirm={() => onSave('')}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('languages.remove')}: ${languageName(language)}`}
            data-testid="translated-url-remove"
          />
        </Popconfirm>
      )}
    </Space.Compact>
  );
}

interface UrlLanguagesDrawerProps {
  projectId: string;
  url: ScopeUrl | null;
  /** The project's target languages. */
  languages: readonly string[];
  /** Opens the page's preview in a language in a new tab (see ScopePage); settles when done. */
  onPreview: (url: ScopeUrl, language: string) => Promise<void>;
  /** A preview link the browser would not open in a new tab: shown for the user to click. */
  blocked: { language: string; url: string } | null;
  onDismissBlocked: () => void;
  onClose: () => void;
}

/**
 * One URL in every target language: its translated URL (slug), editable per language, and a
 * preview link that opens the translated page in a new tab before the language is published.
 */
export function UrlLanguagesDrawer(props: UrlLanguagesDrawerProps) {
  const { projectId, url, languages, onPreview, blocked, onDismissBlocked, onClose } = props;
  const { t } = useTranslation('scope');
  const slugs = useUrlTranslations(projectId, url !== null);
  const update = useUpdateTranslatedUrl(projectId);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const sourcePath = url ? pathOf(url.url) : '';
  const stored = new Map(
    (slugs.data ?? [])
      .filter((slug) => slug.url === sourcePath)
      .map((slug) => [slug.targetLang, slug.translatedUrl] as const),
  );

  async function preview(language: string) {
    if (!url) return;
    setPreviewing(language);
    try {
      await onPreview(url, language);
    } finally {
      setPreviewing(null);
    }
  }

  return (
    <Drawer
      open={url !== null}
      onClose={onClose}
      title={t('languages.title')}
      size="large"
      destroyOnHidden
      data-testid="scope-languages-drawer"
    >
      {url && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('columns.url')}>
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {url.url}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('languages.hint')}
          </Typography.Paragraph>
          {blocked && (
            <Alert
              type="info"
              showIcon
              closable
              onClose={onDismissBlocked}
              title={t('languages.blocked', { language: languageName(blocked.language) })}
              action={
                <Button size="small" href={blocked.url} target="_blank" rel="noopener noreferrer">
                  {t('languages.openPreview')}
                </Button>
              }
              data-testid="scope-preview-blocked"
            />
          )}
          {slugs.isLoading ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : (
            <Table<{ language: string }>
              rowKey="language"
              size="small"
              pagination={false}
              dataSource={languages.map((language) => ({ language }))}
              locale={{ emptyText: <Empty description={t('languages.none')} /> }}
              onRow={(row) => ({ 'data-language': row.language }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  key: 'language',
                  title: t('languages.language'),
                  width: 150,
                  render: (_, row) => (
                    <span data-testid="url-language-name">
                      {languageName(row.language)}{' '}
                      <Typography.Text type="secondary">({row.language})</Typography.Text>
                    </span>
                  ),
                },
                {
                  key: 'translatedUrl',
                  title: t('languages.translatedUrl'),
                  render: (_, row) => (
                    <SlugEditor
                      key={`${row.language}|${stored.get(row.language) ?? ''}`}
                      language={row.language}
                      sourcePath={sourcePath}
                      stored={stored.get(row.language)}
                      isSaving={update.isPending && update.variables.targetLang === row.language}
                      onSave={(translatedUrl) =>
                        update.mutate(
                          { targetLang: row.language, url: url.url, translatedUrl },
                          {
                            onSuccess: (result) => {
                              if (result.success) appToaster.success(result.message);
                            },
                          },
                        )
                      }
                    />
                  ),
                },
                {
                  key: 'preview',
                  title: t('languages.preview'),
                  width: 120,
                  render: (_, row) => (
                    <Button
                      icon={<ExportOutlined />}
                      loading={previewing === row.language}
                      onClick={() => void preview(row.language)}
                      aria-label={t('languages.previewIn', { language: languageName(row.language) })}
                      data-testid="scope-language-preview"
                    >
                      {t('languages.preview')}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
