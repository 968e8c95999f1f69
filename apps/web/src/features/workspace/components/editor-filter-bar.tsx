import { useState } from 'react';
import { AutoComplete, Input, Segmented, Select, Space } from 'antd';
import { DISPLAY_TYPE_LABELS, FILTER_LABELS } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useScopeUrls } from '../../scope/api/scope-queries';
import type { DisplayFilter, EditorFilter, SearchIn, TypeFilter } from '../hooks/use-editor-filter';

interface EditorFilterBarProps {
  projectId: string;
  filter: EditorFilter;
  onChange: (change: Partial<EditorFilter>) => void;
  /** Whether the project's strings come from pages (websites): only then is there a URL filter. */
  hasPages: boolean;
}

const URL_SUGGESTIONS = 10;

/** Type filters (spec §9 labels), display type, text search in source/target and the URL filter. */
export function EditorFilterBar({ projectId, filter, onChange, hasPages }: EditorFilterBarProps) {
  const { t } = useTranslation('workspace');

  const typeOptions: Array<{ value: TypeFilter; label: string }> = [
    { value: 'all', label: t('filters.all') },
    { value: 'newContent', label: FILTER_LABELS.NO_TRANSLATION_AVAILABLE },
    { value: 'PBK', label: FILTER_LABELS.PBK },
    { value: 'USER', label: FILTER_LABELS.USER },
    { value: 'MACHINE', label: FILTER_LABELS.MACHINE },
  ];
  const displayOptions: Array<{ value: DisplayFilter; label: string }> = [
    { value: 'all', label: t('filters.allDisplayTypes') },
    { value: 'translation', label: DISPLAY_TYPE_LABELS.translation },
    { value: 't13n', label: DISPLAY_TYPE_LABELS.t13n },
  ];

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }} data-testid="editor-filters">
      <Space wrap>
        <Segmented<TypeFilter>
          aria-label={t('filters.type')}
          value={filter.typeFilter}
          options={typeOptions}
          onChange={(typeFilter) => onChange({ typeFilter })}
        />
        <Segmented<DisplayFilter>
          aria-label={t('filters.displayType')}
          value={filter.displayFilter}
          options={displayOptions}
          onChange={(displayFilter) => onChange({ displayFilter })}
        />
      </Space>
      <Space wrap>
        <Space.Compact>
          <Select<SearchIn>
            aria-label={t('filters.searchIn')}
            value={filter.searchIn}
            onChange={(searchIn) => onChange({ searchIn })}
            options={[
              { value: 'both', label: t('filters.searchBoth') },
              { value: 'source', label: t('filters.searchSource') },
              { value: 'target', label: t('filters.searchTarget') },
            ]}
            style={{ width: 150 }}
          />
          <Input.Search
            allowClear
            defaultValue={filter.searchText}
            placeholder={t('filters.search')}
            aria-label={t('filters.search')}
            onSearch={(value) => onChange({ searchText: value.trim() })}
            style={{ width: 320 }}
          />
        </Space.Compact>
        {hasPages && <EditorUrlFilter projectId={projectId} filter={filter} onChange={onChange} />}
      </Space>
    </Space>
  );
}

/** The URL filter, suggesting the project's scope URLs as the user types. */
function EditorUrlFilter({ projectId, filter, onChange }: Omit<EditorFilterBarProps, 'hasPages'>) {
  const { t } = useTranslation('workspace');
  const [urlDraft, setUrlDraft] = useState(filter.url);
  const urls = useScopeUrls(projectId, {
    pageNumber: 1,
    pageSize: URL_SUGGESTIONS,
    ...(urlDraft ? { search: urlDraft } : {}),
  });
  return (
    <AutoComplete
      allowClear
      value={urlDraft}
      aria-label={t('filters.url')}
      placeholder={t('filters.url')}
      options={(urls.data?.urlList ?? []).map((entry) => ({ value: entry.url, label: entry.url }))}
      onChange={(value: string | undefined) => {
        setUrlDraft(value ?? '');
        if (!value) onChange({ url: '' });
      }}
      onSelect={(value: string | undefined) => onChange({ url: value ?? '' })}
      onInputKeyDown={(event) => {
        if (event.key === 'Enter') onChange({ url: urlDraft.trim() });
      }}
      style={{ width: 360 }}
    />
  );
}
