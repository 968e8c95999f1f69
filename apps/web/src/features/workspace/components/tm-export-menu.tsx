import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../lib/download-csv';

/** The translation-memory exports of one language: the call and the file's extension. */
const FORMATS = {
  tmx: { path: 'translation/tm/export/tmx', extension: 'tmx' },
  csv: { path: 'translation/tm/export/csv', extension: 'csv' },
  xlsx: { path: 'translation/tm/export/xlsx', extension: 'xlsx' },
} as const;

type Format = keyof typeof FORMATS;

/** "Export" menu of the editor: the language's translations as TMX, CSV or an Excel workbook. */
export function TmExportMenu({ projectId, targetLang }: { projectId: string; targetLang: string }) {
  const { t } = useTranslation('workspace');
  const [busy, setBusy] = useState(false);
  const download = async (format: Format) => {
    const { path, extension } = FORMATS[format];
    setBusy(true);
    await downloadCsv(path, { projectId, targetLang }, `${projectId}-${targetLang}.${extension}`);
    setBusy(false);
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: (Object.keys(FORMATS) as Format[]).map((format) => ({
          key: format,
          label: t(`tmExport.${format}`),
        })),
        onClick: ({ key }) => void download(key as Format),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        {t('tmExport.open')}
      </Button>
    </Dropdown>
  );
}
