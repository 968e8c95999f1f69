import { Card, Flex, Switch, Typography } from 'antd';
import type { Project } from '@bhasha/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { projectsKeys } from '../../projects/api/projects-queries';
import { appToaster } from '../../../lib/api/app-toaster';
import { settingsApi } from '../api/settings-api';

type SwitchKey = 'cache' | 'meta' | 'canonical' | 'hreflang';

/** The switches delivery reads (proxy.service.ts), each with its group and key of spec §7. */
const SWITCHES: ReadonlyArray<{
  name: SwitchKey;
  group: 'cache' | 'meta';
  key: string;
  isOn: (project: Project) => boolean;
}> = [
  { name: 'cache', group: 'cache', key: 'cache', isOn: (project) => project.cache },
  { name: 'meta', group: 'meta', key: 'meta', isOn: (project) => project.meta },
  {
    name: 'canonical',
    group: 'meta',
    key: 'canonical',
    isOn: (project) => project.flags['meta.canonical'] !== false,
  },
  {
    name: 'hreflang',
    group: 'meta',
    key: 'hreflang',
    isOn: (project) => project.flags['meta.hreflang'] !== false,
  },
];

/**
 * Cache and meta-tag settings (spec §3, §7 project/cache/update, project/meta/update): how the
 * translated pages are cached and which head tags they carry.
 */
export function CacheMetaCard({ project }: { project: Project }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (change: { group: 'cache' | 'meta'; key: string; status: boolean }) =>
      settingsApi.setProjectFlag(change.group, project.id, change.key, change.status),
    onSuccess: async (result) => {
      if (result.success) appToaster.success(result.message);
      await queryClient.invalidateQueries({ queryKey: projectsKeys.details(project.id) });
    },
  });

  return (
    <Card title={t('cacheMeta.title')} data-testid="cache-meta-card">
      <Flex vertical gap="large">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('cacheMeta.description')}
        </Typography.Paragraph>
        {SWITCHES.map((item) => (
          <Flex key={item.name} gap="middle" align="flex-start">
            <Switch
              checked={item.isOn(project)}
              loading={update.isPending && update.variables.key === item.key}
              onChange={(status) => update.mutate({ group: item.group, key: item.key, status })}
              aria-label={t(`cacheMeta.${item.name}.label`)}
              data-testid={`setting-switch-${item.name}`}
            />
            <Flex vertical>
              <Typography.Text strong>{t(`cacheMeta.${item.name}.label`)}</Typography.Text>
              <Typography.Text type="secondary">{t(`cacheMeta.${item.name}.help`)}</Typography.Text>
            </Flex>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
