import {
  CloseOutlined,
  FontColorsOutlined,
  RobotOutlined,
  StopOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import { useState } from 'react';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { MAX_TRANSLITERATION_SELECTION, type DisplayType } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { SendToHumanAction } from '../../human-translation/components/send-to-human-action';
import { MachineTranslateDialog } from './machine-translate-dialog';

export type BulkAction =
  'showAsTransliteration' | 'showAsTranslation' | 'markNoTranslation' | 'applyMachine' | 'transliterate';

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
  } = props;
  const { t } = useTranslation('workspace');
  const [isMachineOpen, setMachineOpen] = useState(false);
  if (selectedCount === 0) return null;
  const isTooManyToTransliterate = selectedCount > MAX_TRANSLITERATION_SELECTION;

  return (
    <div
      className="workspace-bulk-bar"
      role="toolbar"
      aria-label={t('bulk.label')}
      data-testid="bulk-actions"
    >
      <Space wrap>
        <Typography.Text strong>{t('bulk.selected', { count: selectedCount })}</Typography.Text>
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
          count={selectedCount}
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
        <Tooltip
          title={
            isTooManyToTransliterate ? t('bulk.tooMany', { max: MAX_TRANSLITERATION_SELECTION }) : undefined
          }
        >
          <span>
            <Button
              icon={<FontColorsOutlined />}
              disabled={isTooManyToTransliterate}
              loading={pending === 'transliterate'}
              onClick={onTransliterate}
            >
              {t('bulk.transliterate')}
            </Button>
          </span>
        </Tooltip>
        <Button
          icon={<FontColorsOutlined />}
          loading={pending === 'showAsTransliteration'}
          onClick={() => onSetDisplayType('t13n')}
        >
          {t('bulk.showAsTransliteration')}
        </Button>
        <Button
          icon={<TranslationOutlined />}
          loading={pending === 'showAsTranslation'}
          onClick={() => onSetDisplayType('translation')}
        >
          {t('bulk.showAsTranslation')}
        </Button>
        <Popconfirm
          title={t('bulk.confirmNoTranslation', { count: selectedCount })}
          onConfirm={onMarkNoTranslation}
        >
          <Button icon={<StopOutlined />} loading={pending === 'markNoTranslation'}>
            {t('bulk.markNoTranslation')}
          </Button>
        </Popconfirm>
        <SendToHumanAction
          projectId={projectId}
          targetLang={targetLang}
          sourceHashes={selectedHashes}
          onSent={onSentToHuman}
        />
        <Button type="text" icon={<CloseOutlined />} onClick={onClear}>
          {t('bulk.clear')}
        </Button>
      </Space>
    </div>
  );
}
