import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { Project } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../projects/lib/language-options';
import { appFilesApi } from '../api/app-files-api';
import { exportZipName } from '../lib/app-file-names';

/** The key of the menu item that downloads every language at once. */
const ALL_LANGUAGES = '*';

/** Downloads every file of the project, in one language or in all of them, as a zip. */
export function ProjectDownloadMenu({ project, disabled }: { project: Project; disabled: boolean }) {
  const { t } = useTranslation('appFiles');
  const [busy, setBusy] = useState(false);
  const download = async (key: string) => {
    const targetLang = key === ALL_LANGUAGES ? undefined : key;
    setBusy(true);
    await appFilesApi.download(
      { projectId: project.id, ...(targetLang ? { targetLang } : {}) },
      exportZipName(project.name, targetLang),
    );
    setBusy(false);
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled || project.targetLanguages.length === 0}
      menu={{
        items: [
          ...project.targetLanguages.map((code) => ({ key: code, label: languageName(code) })),
          { type: 'divider' as const },
          { key: ALL_LANGUAGES, label: t('actions.downloadAll') },
        ],
        onClick: ({ key }) => void download(key),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} data-testid="app-files-download">
        {t('actions.downloadLanguage')}
      </Button>
    </Dropdown>
  );
}
