import { memo } from 'react';
import {
  EditOutlined,
  ExclamationCircleOutlined,
  HistoryOutlined,
  LoadingOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Button, Checkbox, Space, Tooltip, Typography } from 'antd';
import type { AppUnit, TmEntry } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { LengthCounter } from '../../app-files/components/length-counter';
import { SegmentContext } from '../../app-files/components/segment-context';
import type { DraftState } from '../hooks/use-segment-drafts';
import { isPluralText, targetFormsOf } from '../lib/plural-forms';
import { DisplayTypeTag } from './display-type-tag';
import { PluralEditor } from './plural-editor';
import { PluralText } from './plural-text';
import { SegmentText } from './segment-text';
import { EditorTargetKeyboard } from './target-keyboard-input';
import { TargetEditor } from './target-editor';
import { TranslationIssuesTag } from './translation-issues-tag';
import { TranslationTypeTag } from './translation-type-tag';

export interface SegmentRowActions {
  onActivate: (index: number) => void;
  onStartEdit: (index: number) => void;
  onToggleSelect: (sourceHash: string) => void;
  onOpenHistory: (index: number) => void;
  onToggleDisplayType: (sourceHash: string) => void;
}

export interface SegmentEditing {
  text: string;
  onChange: (text: string) => void;
  onSaveAndMove: (delta: number) => void;
  onCancel: () => void;
}

interface SegmentRowProps {
  entry: TmEntry;
  index: number;
  /** 1-based position in the whole filtered list. */
  position: number;
  isActive: boolean;
  isSelected: boolean;
  /** Someone else saved this segment while it was on screen. */
  isChangedRemotely: boolean;
  draft: DraftState | undefined;
  isToggling: boolean;
  /** Present only on the row being edited. */
  editing: SegmentEditing | null;
  actions: SegmentRowActions;
  /** Key, file, comment and length limit of a mobile project's string; absent for websites. */
  unit?: AppUnit;
}

function DraftMarker({ draft }: { draft: DraftState | undefined }) {
  const { t } = useTranslation('workspace');
  if (!draft) return null;
  if (draft.status === 'saving')
    return (
      <Tooltip title={t('row.saving')}>
        <LoadingOutlined data-testid="row-saving" aria-label={t('row.saving')} />
      </Tooltip>
    );
  return (
    <Tooltip title={t('row.saveFailed')}>
      <ExclamationCircleOutlined
        data-testid="row-save-failed"
        aria-label={t('row.saveFailed')}
        style={{ color: 'var(--ant-color-error, #ff4d4f)' }}
      />
    </Tooltip>
  );
}

/** One segment: selection, source, target (text or inline editor), origin and display tags, history. */
export const SegmentRow = memo(function SegmentRow({
  entry,
  index,
  position,
  isActive,
  isSelected,
  isChangedRemotely,
  draft,
  isToggling,
  editing,
  actions,
  unit,
}: SegmentRowProps) {
  const { t } = useTranslation('workspace');
  const target = draft?.text ?? entry.preProcessedTarget;
  // App string files store a plural as one segment of kind `plural` (an ICU plural message).
  const isPlural = entry.kind === 'plural' && isPluralText(entry.source);
  // A translation that is not a plural message is edited as text, so none of it is lost.
  const isEditedByForm =
    isPlural && editing !== null && targetFormsOf(editing.text, entry.targetLang) !== undefined;
  const className = [
    'workspace-row',
    isActive ? 'workspace-row--active' : '',
    isSelected ? 'workspace-row--selected' : '',
    draft?.status === 'failed' ? 'workspace-row--failed' : '',
  ].join(' ');

  return (
    <div
      role="row"
      aria-rowindex={position}
      aria-selected={isSelected}
      aria-current={isActive ? 'true' : undefined}
      data-testid="segment-row"
      data-source-hash={entry.sourceHash}
      className={className}
      onClick={() => actions.onActivate(index)}
      onDoubleClick={() => actions.onStartEdit(index)}
    >
      <div role="gridcell" className="workspace-cell workspace-cell--check">
        <Checkbox
          checked={isSelected}
          tabIndex={-1}
          aria-label={t('row.select', { position })}
          onClick={(event) => event.stopPropagation()}
          onChange={() => actions.onToggleSelect(entry.sourceHash)}
        />
      </div>
      <div role="gridcell" className="workspace-cell workspace-cell--position">
        {position}
      </div>
      <div role="gridcell" className="workspace-cell workspace-cell--source" data-testid="segment-source">
        {isPlural ? <PluralText text={entry.source} /> : <SegmentText text={entry.source} />}
        {unit && <SegmentContext unit={unit} />}
      </div>
      <div
        role="gridcell"
        className={`workspace-cell workspace-cell--target${editing ? '' : ' workspace-cell--editable'}`}
        title={editing ? undefined : t('row.editHint')}
        // One click in the translation opens it (the row's other cells select it): the editor
        // decides whether another row's change is saved first.
        onClick={editing ? undefined : () => actions.onStartEdit(index)}
      >
        <div data-testid="segment-target">
          {editing && isEditedByForm ? (
            <PluralEditor
              value={editing.text}
              source={entry.source}
              targetLang={entry.targetLang}
              onChange={editing.onChange}
              onSaveAndMove={editing.onSaveAndMove}
              onCancel={editing.onCancel}
            />
          ) : editing ? (
            <EditorTargetKeyboard value={editing.text} onChange={editing.onChange}>
              <TargetEditor
                value={editing.text}
                source={entry.source}
                onChange={editing.onChange}
                onSaveAndMove={editing.onSaveAndMove}
                onCancel={editing.onCancel}
              />
            </EditorTargetKeyboard>
          ) : target && isPlural ? (
            <PluralText text={target} targetLang={entry.targetLang} />
          ) : target ? (
            <SegmentText text={target} />
          ) : (
            <Typography.Text type="secondary" italic>
              {t('row.noTarget')}
            </Typography.Text>
          )}
        </div>
        <TranslationIssuesTag
          source={entry.source}
          translation={editing ? editing.text : target}
          targetLang={entry.targetLang}
          maxLength={unit?.maxLength}
        />
        {unit?.maxLength != null && (editing || target) && (
          <LengthCounter text={editing ? editing.text : target} maxLength={unit.maxLength} />
        )}
        {isActive && !editing && (
          <div className="workspace-edit-cue" data-testid="edit-cue">
            <EditOutlined aria-hidden /> {t('row.editCue')}
          </div>
        )}
      </div>
      <div role="gridcell" className="workspace-cell workspace-cell--meta">
        <Space size={4} wrap>
          <DraftMarker draft={draft} />
          {isChangedRemotely && (
            <Tooltip title={t('row.changedRemotely', { name: entry.updatedBy ?? '' })}>
              <SyncOutlined
                data-testid="row-changed-remotely"
                style={{ color: 'var(--ant-color-warning, #faad14)' }}
              />
            </Tooltip>
          )}
          <TranslationTypeTag type={entry.translationType} />
          <DisplayTypeTag
            displayType={entry.displayType}
            isToggling={isToggling}
            onToggle={() => actions.onToggleDisplayType(entry.sourceHash)}
          />
          <Tooltip title={t('row.history')}>
            <Button
              type="text"
              size="small"
              tabIndex={-1}
              icon={<HistoryOutlined />}
              aria-label={t('row.history')}
              onClick={(event) => {
                event.stopPropagation();
                actions.onOpenHistory(index);
              }}
            />
          </Tooltip>
        </Space>
      </div>
    </div>
  );
});
