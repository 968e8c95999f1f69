import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  ArrowLeftOutlined,
  BlockOutlined,
  CommentOutlined,
  SwapOutlined,
  LikeOutlined,
} from '@ant-design/icons';
import { Badge, Button, Card, Pagination, Result, Select, Skeleton, Space, Tooltip, Typography } from 'antd';
import { LANGUAGES, isLanguageCode } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppUnits } from '../../app-files/api/app-files-queries';
import { useSessionUser } from '../../auth/state/auth-context';
import { useProject } from '../../projects/api/projects-queries';
import { useEntryPage, useToggleDisplayType } from '../api/translation-queries';
import { BulkActionsBar, type MatchingScope } from '../components/bulk-actions-bar';
import { EditorFilterBar } from '../components/editor-filter-bar';
import { FuzzyMatchPanel } from '../components/fuzzy-match-panel';
import { LanguageProgress } from '../components/language-progress';
import { MtRunReport } from '../components/mt-run-report';
import { ReplaceDialog } from '../components/replace-dialog';
import { TmExportMenu } from '../components/tm-export-menu';
import { TmxImportDialog } from '../components/tmx-import-dialog';
import { RevisionDrawer } from '../components/revision-drawer';
import { SegmentGrid } from '../components/segment-grid';
import type { SegmentRowActions } from '../components/segment-row';
import { FilterRunProgress } from '../components/filter-run-progress';
import { ShortcutsHelp } from '../components/shortcuts-help';
import { useBulkSelection } from '../hooks/use-bulk-selection';
import { PAGE_SIZES, toFilterRequest, toMatchingFilter, useEditorFilter } from '../hooks/use-editor-filter';
import { useFilterRun } from '../hooks/use-filter-run';
import { useEditorSession } from '../hooks/use-editor-session';
import { useSegmentDrafts } from '../hooks/use-segment-drafts';
import { useTranslationLiveUpdates } from '../hooks/use-translation-live-updates';
import { commandForKey } from '../lib/grid-navigation';
import '../workspace.css';

/** /app/workspace/:projectId/:language — the translation editor of one target language. */
export function EditorPage() {
  const { t } = useTranslation('workspace');
  const { projectId = '', language = '' } = useParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const project = useProject(projectId);
  const [filter, setFilter] = useEditorFilter();
  const request = useMemo(() => toFilterRequest(filter), [filter]);
  const page = useEntryPage(projectId, language, request);
  const rows = useMemo(() => page.data?.tm ?? [], [page.data]);
  const total = page.data?.total ?? 0;
  const position = useMemo(
    () => ({
      startCursor: page.data?.startCursor ?? null,
      endCursor: page.data?.endCursor ?? null,
      hasPrevious: page.data?.hasPrevious ?? false,
      hasNext: page.data?.hasNext ?? false,
    }),
    [page.data],
  );
  // A mobile project's strings carry a key, file, comment and length limit: one call per page.
  const segmentIds = useMemo(() => rows.map((row) => row.segmentId), [rows]);
  const units = useAppUnits(projectId, segmentIds, project.data?.type === 'mob');
  const { drafts, save } = useSegmentDrafts(projectId, language);
  const session = useEditorSession({
    rows,
    position,
    filter,
    setFilter,
    isPageSettled: !page.isPlaceholderData && !page.isFetching,
    drafts,
    save,
  });
  const bulk = useBulkSelection(projectId, language);
  const selectedHashes = useMemo(() => [...bulk.selected.keys()], [bulk.selected]);
  // "Select all N matching the filter": the filter itself is the selection, so it holds only
  // while the filter is the one it was taken for.
  const matchingFilter = useMemo(() => toMatchingFilter(filter), [filter]);
  const matchingKey = JSON.stringify(matchingFilter);
  const [allMatchingKey, setAllMatchingKey] = useState<string | null>(null);
  const matching: MatchingScope | null =
    allMatchingKey === matchingKey ? { filter: matchingFilter, total } : null;
  const isPageSelected = rows.length > 0 && rows.every((row) => bulk.selected.has(row.sourceHash));
  const filterRun = useFilterRun(projectId, language);
  const clearSelection = () => {
    setAllMatchingKey(null);
    bulk.clear();
  };
  const toggle = useToggleDisplayType(projectId, language);
  const [remoteChanged, setRemoteChanged] = useState<ReadonlySet<string>>(new Set());
  const [historyHash, setHistoryHash] = useState<string | null>(null);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const [isReplaceOpen, setReplaceOpen] = useState(false);
  const [isMatchesOpen, setMatchesOpen] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const onRemoteChange = useCallback(
    (hashes: string[]) => setRemoteChanged((current) => new Set([...current, ...hashes])),
    [],
  );
  const { isLive } = useTranslationLiveUpdates(
    projectId,
    language,
    user.id,
    onRemoteChange,
    filterRun.onRunUpdated,
  );

  const editingEntry = session.editing
    ? rows.find((row) => row.sourceHash === session.editing?.sourceHash)
    : undefined;
  const editingHash = editingEntry ? editingEntry.sourceHash : null;

  // When editing ends (Esc, or the last row), the grid takes the keyboard back.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && editingHash === null) gridRef.current?.focus({ preventScroll: true });
    wasEditing.current = editingHash !== null;
  }, [editingHash]);

  const togglingHashes = useMemo(
    () => new Set(toggle.isPending ? (toggle.variables?.sourceHashes ?? []) : []),
    [toggle.isPending, toggle.variables],
  );

  const { startEdit, setActiveIndex } = session;
  // The editing state changes with every keystroke; the rows' actions read it through a ref so
  // they stay the same object and the memoised rows (and the open editor) do not re-render.
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const toggleSelect = bulk.toggle;
  const toggleDisplayType = toggle.mutate;
  const actions = useMemo<SegmentRowActions>(
    () => ({
      onActivate: setActiveIndex,
      // Opening another row while one is open saves the open one first (nothing typed is lost).
      onStartEdit: (index) => {
        const current = sessionRef.current;
        if (current.editing !== null) current.saveAndMove(index - current.activeIndex);
        else startEdit(index);
      },
      onToggleSelect: (sourceHash) => {
        const entry = rows.find((row) => row.sourceHash === sourceHash);
        if (entry) toggleSelect(entry);
      },
      onOpenHistory: (index) => {
        const entry = rows[index];
        if (entry) setHistoryHash(entry.sourceHash);
      },
      onToggleDisplayType: (sourceHash) => toggleDisplayType({ sourceHashes: [sourceHash] }),
    }),
    [rows, setActiveIndex, startEdit, toggleSelect, toggleDisplayType],
  );

  const handleBrowseKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const command = commandForKey('browsing', {
      key: event.key,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (command.kind === 'none') return;
    event.preventDefault();
    const active = rows[session.activeIndex];
    switch (command.kind) {
      case 'move':
        session.move(command.delta, false);
        break;
      case 'page':
        session.changePage(command.delta);
        break;
      case 'edit':
        session.startEdit(session.activeIndex);
        break;
      case 'toggleSelect':
        if (active) bulk.toggle(active);
        break;
      case 'openHistory':
        if (active) setHistoryHash(active.sourceHash);
        break;
      case 'toggleDisplayType':
        if (active) toggle.mutate({ sourceHashes: [active.sourceHash] });
        break;
      case 'showHelp':
        setHelpOpen(true);
        break;
      case 'openMatches':
        setMatchesOpen(true);
        break;
      // Editing commands come from the row editor, never from the grid.
      case 'saveAndMove':
      case 'cancel':
      case 'copySource':
        break;
    }
  };

  if (project.isLoading) return <Skeleton active />;
  if (!project.data || !project.data.targetLanguages.includes(language)) {
    return (
      <Result
        status="404"
        title={t('editor.notFound')}
        extra={<Link to="/app/workspace">{t('editor.back')}</Link>}
      />
    );
  }
  const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);
  const isFiltered =
    request.searchText !== undefined ||
    request.url !== undefined ||
    filter.typeFilter !== 'all' ||
    filter.displayFilter !== 'all';

  return (
    <Card
      data-testid="editor-page"
      className="workspace-editor-card"
      title={
        <Space wrap>
          <Link to="/app/workspace" aria-label={t('editor.back')}>
            <ArrowLeftOutlined />
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {project.data.name}
          </Typography.Title>
          <Typography.Text type="secondary">{languageName(project.data.sourceLanguage)} →</Typography.Text>
          <Select
            aria-label={t('editor.language')}
            value={language}
            onChange={(next: string) => void navigate(`../${next}`, { relative: 'path' })}
            options={project.data.targetLanguages.map((code) => ({ value: code, label: languageName(code) }))}
            style={{ minWidth: 140 }}
          />
          <Tooltip title={isLive ? t('editor.live') : t('editor.offline')}>
            <Badge
              status={isLive ? 'success' : 'default'}
              text={isLive ? t('editor.liveShort') : t('editor.offlineShort')}
            />
          </Tooltip>
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<BlockOutlined />} onClick={() => setMatchesOpen((open) => !open)}>
            {t('matches.open')}
          </Button>
          <Button icon={<SwapOutlined />} onClick={() => setReplaceOpen(true)}>
            {t('replace.open')}
          </Button>
          <TmExportMenu projectId={projectId} targetLang={language} />
          <TmxImportDialog projectId={projectId} targetLang={language} />
          <Link to={`/app/workspace/${projectId}/suggestions`}>
            <Button icon={<LikeOutlined />}>{t('suggestions.title')}</Button>
          </Link>
          <Link to={`/app/workspace/${projectId}/feedback`}>
            <Button icon={<CommentOutlined />}>{t('feedback.title')}</Button>
          </Link>
          <ShortcutsHelp open={isHelpOpen} onOpenChange={setHelpOpen} />
        </Space>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <LanguageProgress projectId={projectId} targetLang={language} />
        <EditorFilterBar
          projectId={projectId}
          filter={filter}
          onChange={setFilter}
          hasPages={project.data !== undefined && project.data.type !== 'mob'}
        />
        {bulk.machineRunId && (
          <MtRunReport
            key={bulk.machineRunId}
            projectId={projectId}
            requestId={bulk.machineRunId}
            onClose={bulk.dismissMachineRun}
          />
        )}
        <BulkActionsBar
          projectId={projectId}
          sourceLang={project.data.sourceLanguage}
          targetLang={language}
          selectedHashes={selectedHashes}
          selectedCount={bulk.selected.size}
          pending={
            filterRun.pending === 'machine'
              ? 'applyMachine'
              : filterRun.pending === 'transliterate'
                ? 'transliterate'
                : bulk.pending
          }
          onSetDisplayType={(displayType) => void bulk.setDisplayType(displayType)}
          onMarkNoTranslation={() => void bulk.markNoTranslation()}
          onApplyMachine={(nmtService) =>
            matching
              ? filterRun.start('machine', matching.filter).then((ok) => {
                  if (ok) clearSelection();
                })
              : bulk.applyMachine(nmtService)
          }
          onTransliterate={() =>
            matching
              ? void filterRun.start('transliterate', matching.filter).then((ok) => ok && clearSelection())
              : void bulk.transliterate()
          }
          onClear={clearSelection}
          onSentToHuman={clearSelection}
          matching={matching}
          filterTotal={total}
          isPageSelected={isPageSelected}
          onSelectAllMatching={() => setAllMatchingKey(matchingKey)}
        />
        {filterRun.run && <FilterRunProgress run={filterRun.run} onClose={filterRun.dismiss} />}
        <SegmentGrid
          ref={gridRef}
          rows={rows}
          offset={(filter.pageNumber - 1) * filter.pageSize}
          isLoading={page.isLoading}
          isFiltered={isFiltered}
          activeIndex={session.activeIndex}
          editingHash={editingHash}
          editing={
            session.editing && editingHash
              ? {
                  text: session.editing.text,
                  onChange: session.setEditingText,
                  onSaveAndMove: session.saveAndMove,
                  onCancel: session.cancelEdit,
                }
              : null
          }
          selected={bulk.selected}
          remoteChanged={remoteChanged}
          togglingHashes={togglingHashes}
          drafts={drafts}
          actions={actions}
          units={units.data}
          onSelectPage={(isSelected) => {
            if (!isSelected) setAllMatchingKey(null);
            bulk.setPage(rows, isSelected);
          }}
          onBrowseKey={handleBrowseKey}
        />
        <Pagination
          current={filter.pageNumber}
          pageSize={filter.pageSize}
          total={total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES.map(String)}
          showTotal={(count) => t('grid.total', { count })}
          onChange={(pageNumber, pageSize) => {
            if (pageSize !== filter.pageSize) setFilter({ pageSize });
            // One page on or back goes by cursor (nothing skipped); any other page is a jump.
            else if (pageNumber === filter.pageNumber + 1 && position.hasNext && position.endCursor)
              setFilter({ pageNumber, after: position.endCursor });
            else if (pageNumber === filter.pageNumber - 1 && position.hasPrevious && position.startCursor)
              setFilter({ pageNumber, before: position.startCursor });
            else setFilter({ pageNumber });
          }}
          align="end"
        />
      </Space>
      <RevisionDrawer
        projectId={projectId}
        targetLang={language}
        entry={historyHash ? (rows.find((row) => row.sourceHash === historyHash) ?? null) : null}
        onClose={() => {
          setHistoryHash(null);
          gridRef.current?.focus({ preventScroll: true });
        }}
      />
      <FuzzyMatchPanel
        projectId={projectId}
        targetLang={language}
        open={isMatchesOpen}
        entry={rows[session.activeIndex] ?? null}
        onInsert={(text) => {
          const active = rows[session.activeIndex];
          if (!active) return;
          if (editingHash !== active.sourceHash) session.startEdit(session.activeIndex);
          session.setEditingText(text);
        }}
        onClose={() => setMatchesOpen(false)}
      />
      <ReplaceDialog
        projectId={projectId}
        targetLang={language}
        url={filter.url}
        open={isReplaceOpen}
        onClose={() => setReplaceOpen(false)}
      />
    </Card>
  );
}
