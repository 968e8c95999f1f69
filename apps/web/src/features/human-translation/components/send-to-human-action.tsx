import { useMemo, useState } from 'react';
import { SolutionOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Skeleton, Space, Tooltip, Typography, message } from 'antd';
import { LANGUAGES, isLanguageCode, type EditorFilter, type ManualRequestCreate } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../users/api/users-queries';
import { useCreateManualRequest, useManualRequestQuote } from '../api/manual-translation-queries';

interface SendToHumanActionProps {
  projectId: string;
  targetLang: string;
  /** Source hashes of the selected strings (kept across pages by the editor). */
  sourceHashes: readonly string[];
  /** Instead of the selection: every string the editor's filter lists in `targetLang`. */
  editorFilter?: EditorFilter;
  onSent: () => void;
}

const languageName = (code: string) => (isLanguageCode(code) ? LANGUAGES[code] : code);

/**
 * The editor's "Send to human translation": a confirm dialog with the server's count of strings,
 * words and languages (a dry run, so hashes are counted once and as the server prices them),
 * then the order. Shown disabled when the server's abilities give the caller no human
 * translation (collaborators, the free plan).
 */
export function SendToHumanAction({
  projectId,
  targetLang,
  sourceHashes,
  editorFilter,
  onSent,
}: SendToHumanActionProps) {
  const { t } = useTranslation('humanTranslation');
  const abilities = useAbilities();
  const [isOpen, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const body: ManualRequestCreate = useMemo(
    () => ({
      projectId,
      // The route's language is checked by the server too; an unknown code is sent as none.
      targetLanguages: isLanguageCode(targetLang) ? [targetLang] : [],
      ...(editorFilter ? { editorFilter } : { sourceHashes: [...sourceHashes] }),
    }),
    [projectId, targetLang, sourceHashes, editorFilter],
  );
  const quote = useManualRequestQuote(body, isOpen);
  const create = useCreateManualRequest();
  const canOrder = (abilities.data?.pages as readonly string[] | undefined)?.includes('humanTranslation');

  const handleSend = async () => {
    try {
      await create.mutateAsync({ ...body, note: note.trim() || undefined });
      void message.success(t('send.sent'));
      setOpen(false);
      setNote('');
      onSent();
    } catch {
      // The API client has shown the server's message; the dialog stays open for another try.
    }
  };

  const figures = quote.data?.quote;
  return (
    <>
      <Tooltip title={canOrder ? undefined : t('send.notAvailable')}>
        {/* A disabled button swallows hover events; the span keeps the tooltip working. */}
        <span>
          <Button
            icon={<SolutionOutlined />}
            disabled={!canOrder}
            onClick={() => setOpen(true)}
            data-testid="send-to-human"
          >
            {t('send.button')}
          </Button>
        </span>
      </Tooltip>
      <Modal
        open={isOpen}
        title={t('send.title')}
        okText={t('send.confirm')}
        cancelText={t('send.cancel')}
        onOk={() => void handleSend()}
        onCancel={() => setOpen(false)}
        okButtonProps={{
          disabled: !figures,
          loading: create.isPending,
          'data-testid': 'send-to-human-confirm',
        }}
        destroyOnHidden
      >
        <Space
          orientation="vertical"
          size="middle"
          style={{ width: '100%' }}
          data-testid="send-to-human-dialog"
        >
          {quote.isLoading ? (
            <Skeleton active paragraph={{ rows: 2 }} title={false} aria-label={t('send.counting')} />
          ) : figures ? (
            <div data-testid="send-to-human-summary">
              <Typography.Text strong>
                {t('send.summary', {
                  count: figures.segmentCount,
                  words: figures.wordCount,
                  languages: figures.targetLanguages.map(languageName).join(', '),
                })}
              </Typography.Text>
              {figures.targetLanguages.length > 1 ? (
                <Typography.Paragraph type="secondary">
                  {t('send.totalWords', {
                    total: figures.totalWordCount,
                    languageCount: figures.targetLanguages.length,
                    words: figures.wordCount,
                  })}
                </Typography.Paragraph>
              ) : null}
            </div>
          ) : null}
          <Alert type="info" showIcon title={t('send.explanation')} />
          <Input.TextArea
            aria-label={t('send.note')}
            placeholder={t('send.notePlaceholder')}
            maxLength={1000}
            autoSize={{ minRows: 2, maxRows: 5 }}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Space>
      </Modal>
    </>
  );
}
