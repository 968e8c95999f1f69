import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { getLanguageName, isTransliterationLanguage, type NmtEngine } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { directionSupport } from '../../projects/mt-engine/engine-directions';
import { mtEngineApi } from '../../projects/mt-engine/mt-engine-api';

interface MachineTranslateDialogProps {
  projectId: string;
  sourceLang: string;
  targetLang: string;
  count: number;
  open: boolean;
  isPending: boolean;
  /** Whether the selection is small enough to transliterate in one call. */
  canTransliterateSelection: boolean;
  onCancel: () => void;
  onTranslate: (nmtService: string) => void;
  onTransliterate: () => void;
}

/** The engine a run starts with: the project's effective one when it can do the languages, else the first that can. */
function initialEngine(
  engines: readonly NmtEngine[],
  effective: string | null,
  source: string,
  target: string,
): string | undefined {
  const preferred = engines.find((engine) => engine.id === effective);
  if (preferred && directionSupport(preferred, source, target) !== 'no') return preferred.id;
  return (
    engines.find((engine) => directionSupport(engine, source, target) === 'yes')?.id ??
    preferred?.id ??
    engines[0]?.id
  );
}

/**
 * Confirms a machine translation run and picks its engine, knowing each engine's language pairs
 * (translation/nmt/engines): an engine that cannot translate source → target is named and cannot
 * be chosen; the engines that can are offered, and transliteration when none can.
 */
export function MachineTranslateDialog(props: MachineTranslateDialogProps) {
  const { projectId, sourceLang, targetLang, count, open, isPending } = props;
  const { t, i18n } = useTranslation('workspace');
  const choices = useQuery({
    queryKey: ['mt-engines', 'project', projectId],
    queryFn: () => mtEngineApi.choices({ kind: 'project', projectId }),
    enabled: open,
  });
  const [picked, setPicked] = useState<string | undefined>();
  const engines = choices.data?.engines ?? [];
  const effective = engines.find((engine) => engine.id === choices.data?.effectiveEngine);
  const chosenId =
    picked ?? initialEngine(engines, choices.data?.effectiveEngine ?? null, sourceLang, targetLang);
  const chosen = engines.find((engine) => engine.id === chosenId);
  const capable = engines.filter((engine) => directionSupport(engine, sourceLang, targetLang) === 'yes');
  const languages = { source: getLanguageName(sourceLang), target: getLanguageName(targetLang) };
  const canRun = chosen !== undefined && directionSupport(chosen, sourceLang, targetLang) !== 'no';
  const isEffectiveUnable =
    effective !== undefined && directionSupport(effective, sourceLang, targetLang) === 'no';
  const canTransliterate = isTransliterationLanguage(targetLang);

  return (
    <Modal
      open={open}
      title={t('mtDialog.title', { count })}
      onCancel={props.onCancel}
      afterClose={() => setPicked(undefined)}
      okText={t('mtDialog.run')}
      okButtonProps={{ disabled: !canRun, loading: isPending }}
      onOk={() => chosen && props.onTranslate(chosen.id)}
      destroyOnHidden
    >
      <div data-testid="mt-dialog">
        {choices.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : engines.length === 0 ? (
          <Alert type="warning" showIcon title={t('mtDialog.noEngines')} />
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {t('bulk.confirmMachine', { count, formatted: count.toLocaleString(i18n.language) })}
            </Typography.Paragraph>
            {isEffectiveUnable && (
              <Alert
                type="warning"
                showIcon
                data-testid="mt-dialog-unsupported"
                title={t('mtDialog.cannot', { engine: effective.label, ...languages })}
                description={
                  capable.length > 0
                    ? t('mtDialog.othersCan', { engines: capable.map((engine) => engine.label).join(', ') })
                    : canTransliterate
                      ? t('mtDialog.noneCanTransliterate', languages)
                      : t('mtDialog.noneCan', languages)
                }
              />
            )}
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong>{t('mtDialog.engine')}</Typography.Text>
              <Select
                aria-label={t('mtDialog.engine')}
                data-testid="mt-dialog-engine"
                style={{ width: '100%' }}
                value={chosenId}
                onChange={setPicked}
                options={engines.map((engine) => {
                  const support = directionSupport(engine, sourceLang, targetLang);
                  return {
                    value: engine.id,
                    disabled: support === 'no',
                    label:
                      support === 'no'
                        ? t('mtDialog.optionCannot', { engine: engine.label, ...languages })
                        : support === 'unknown'
                          ? t('mtDialog.optionUnknown', { engine: engine.label })
                          : engine.label,
                  };
                })}
              />
            </Space>
            {!canRun && canTransliterate && (
              <Button
                data-testid="mt-dialog-transliterate"
                disabled={!props.canTransliterateSelection}
                onClick={props.onTransliterate}
              >
                {t('mtDialog.transliterateInstead', languages)}
              </Button>
            )}
          </Space>
        )}
      </div>
    </Modal>
  );
}
