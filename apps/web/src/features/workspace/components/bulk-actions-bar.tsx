import {
  CloseOutlined,
  FontColorsOutlined,
  RobotOutlined,
  StopOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { MAX_TRANSLITERATION_SELECTION, type DisplayType, type EditorFilter } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { TooltipButton } from '../../../components/tooltip-button';
import { SendToHumanAction } from '../../human-translation/components/send-to-human-action';
import { MachineTranslateDialog } from './machine-translate-dialog';

export type BulkAction =
  'showAsTransliteration' | 'showAsTranslation' | 'markNoTranslation' | 'applyMachine' | 'transliterate';

/** "Everything that matches": the filter the actions run on, and how many strings it lists. */
export interface MatchingScope {
  filter: EditorFilter;
  total: number;
}

interface BulkActionsBarProps {
  projectId: string;
  sourceLang: string;
  targetLang: string;
  /** Source hashes of the selection (for the human translation order). */
  selectedHashes: readonly string[];
  selectedCount: number;
  /** The action running now, if any. */
  pending: BulkAction | null;
  onSetDisplayType: (displayType: DisplayType) => void;
  onMarkNoTranslation: () => void;
  /** Starts a run with the engine chosen in the dialog; resolves when the call has answered. */
  onApplyMachine: (nmtService: string) => Promise<void>;
  onTransliterate: () => void;
  onClear: () => void;
  /** A human translation order was placed for the selection. */
  onSentToHuman: () => void;
  /** Set when every string of the filter is selected, not only ticked rows. */
  matching: MatchingScope | null;
  /** Strings the filter lists; offered when the whole page is ticked and more match. */
  filterTotal: number;
  isPageSelected: boolean;
  onSelectAllMatching: () => void;
}

/** Actions on the selected strings, including the human translation (Prabandhak) order. */
export function BulkActionsBar(props: BulkActionsBarProps) {
  const {
    projectId,
    sourceLang,
    targetLang,
    selectedHashes,
    selectedCount,
    pending,
    onSetDisplayType,
    onMarkNoTranslation,
    onApplyMachine,
    onTransliterate,
    onClear,
    onSentToHuman,
    matching,
    filterTotal,
    isPageSelected,
    onSelectAllMatching,
  } = props;
  const { t, i18n } = useTranslation('workspace');
  const [isMachineOpen, setMachineOpen] = useState(false);
  if (selectedCount === 0 && !matching) return null;
  const count = matching ? matching.total : selectedCount;
  // A filter-wide transliteration is one job on the server: no cap.
  const isTooManyToTransliterate = !matching && selectedCount > MAX_TRANSLITERATION_SELECTION;
  // Display types and "no translation" are per string: they act on ticked rows only.
  const selectionOnly = matching ? t('bulk.selectionOnly') : undefined;
  const format = (value: number) => value.toLocaleString(i18n.language);

  return (
    <div
      className="workspace-bulk-bar"
      role="toolbar"
      aria-label={t('bulk.label')}
      data-testid="bulk-actions"
    >
      <Space wrap>
        <Typography.Text strong data-testid="bulk-count">
          {matching
            ? t('bulk.allMatching', { count, formatted: format(count) })
            : t('bulk.selected', { count })}
        </Typography.Text>
        {!matching && isPageSelected && filterTotal > selectedCount && (
          <Button type="link" onClick={onSelectAllMatching} data-testid="select-all-matching">
            {t('bulk.selectAllMatching', { count: filterTotal, formatted: format(filterTotal) })}
          </Button>
        )}
        <Button
          icon={<RobotOutlined />}
          loading={pending === 'applyMachine'}
          onClick={() => setMachineOpen(true)}
        >
          {t('bulk.applyMachine')}
        </Button>
        <MachineTranslateDialog
          projectId={projectId}
          sourceLang={sourceLang}
          targetLang={targetLang}
          count={count}
          open={isMachineOpen}
          isPending={pending === 'applyMachine'}
          canTransliterateSelection={!isTooManyToTransliterate}
          onCancel={() => setMachineOpen(false)}
          onTranslate={(nmtService) => void onApplyMachine(nmtService).then(() => setMachineOpen(false))}
          onTransliterate={() => {
            setMachineOpen(false);
            onTransliterate();
          }}
        />
        <TooltipButton
          tooltip={
            isTooManyToTransliterate ? t('bulk.tooMany', { max: MAX_TRANSLITERATION_SELECTION }) : undefined
          }
          icon={<FontColorsOutlined />}
          disabled={isTooManyToTransliterate}
          loading={pending === 'transliterate'}
          onClick={onTransliterate}
        >
          {t('bulk.transliterate')}
        </TooltipButton>
        <TooltipButton
          tooltip={selectionOnly}
          icon={<FontColorsOutlined />}
          disabled={matching !== null}
          loading={pending === 'showAsTransliteration'}
          onClick={() => onSetDisplayType('t13n')}
        >
          {t('bulk.showAsTransliteration')}
        </TooltipButton>
        <TooltipButton
          tooltip={selectionOnly}
          icon={<TranslationOutlined />}
          disabled={matching !== null}
          loading={pending === 'showAsTranslation'}
          onClick={() => onSetDisplayType('translation')}
        >
          {t('bulk.showAsTranslation')}
        </TooltipButton>
        <Popconfirm
          title={t('bulk.confirmNoTranslation', { count: selectedCount })}
          onConfirm={onMarkNoTranslation}
          disabled={matching !== null}
        >
          <TooltipButton
            tooltip={selectionOnly}
            icon={<StopOutlined />}
            disabled={matching !== null}
            loading={pending === 'markNoTranslation'}
          >
            {t('bulk.markNoTranslation')}
          </TooltipButton>
        </Popconfirm>
        <SendToHumanAction
          projectId={projectId}
          targetLang={targetLang}
          sourceHashes={selectedHashes}
          {...(matching ? { editorFilter: matching.filter } : {})}
          onSent={onSentToHuman}
        />
        <Button type="text" icon={<CloseOutlined />} onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </Space>
    </div>
  );
}
