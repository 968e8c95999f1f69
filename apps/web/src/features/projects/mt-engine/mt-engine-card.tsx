import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Select, Skeleton, Typography } from 'antd';
import { getLanguageName } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { unsupportedTargets } from './engine-directions';
import { mtEngineApi, type MtEngineChoices, type MtEngineScope } from './mt-engine-api';

/** Select value standing for "no choice at this level" (null is not a Select value). */
const INHERIT = '';

const queryKeyOf = (scope: MtEngineScope) =>
  ['mt-engines', scope.kind, scope.kind === 'project' ? scope.projectId : scope.organisationId] as const;

/**
 * The default machine translation engine of an organisation or a project. A run uses the engine
 * its call names, else the project's, else the organisation's, else the server's; "inherit"
 * clears this level. The card says which engine a run started now would use.
 */
export function MtEngineCard({
  scope,
  canEdit,
  languages,
}: {
  scope: MtEngineScope;
  canEdit: boolean;
  /** The project's languages: the card names the targets the engine in use cannot translate into. */
  languages?: { source: string; targets: readonly string[] };
}) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const choices = useQuery({ queryKey: queryKeyOf(scope), queryFn: () => mtEngineApi.choices(scope) });
  const save = useMutation({
    mutationFn: (engine: string | null) => mtEngineApi.save(scope, engine),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mt-engines'] }),
  });
  const data: MtEngineChoices | undefined = choices.data;
  const current = scope.kind === 'project' ? data?.projectEngine : data?.organisationEngine;
  const effective = data?.engines.find((engine) => engine.id === data.effectiveEngine);
  const missing =
    effective && languages ? unsupportedTargets(effective, languages.source, languages.targets) : [];
  const labelOf = (id: string | null | undefined) =>
    data?.engines.find((engine) => engine.id === id)?.label ?? id ?? t('mtEngine.none');

  return (
    <Card title={t('mtEngine.title')} data-testid={`mt-engine-card-${scope.kind}`}>
      {choices.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : !data || data.engines.length === 0 ? (
        <Typography.Text type="secondary">{t('mtEngine.noEngines')}</Typography.Text>
      ) : (
        <>
          <Select
            aria-label={t('mtEngine.label')}
            data-testid="mt-engine-select"
            style={{ minWidth: 260 }}
            value={current ?? INHERIT}
            disabled={!canEdit || save.isPending}
            loading={save.isPending}
            onChange={(value: string) => save.mutate(value === INHERIT ? null : value)}
            options={[
              {
                value: INHERIT,
                label: t(
                  scope.kind === 'project' ? 'mtEngine.inheritOrganisation' : 'mtEngine.inheritServer',
                ),
              },
              ...data.engines.map((engine) => ({
                value: engine.id,
                label: engine.available ? engine.label : t('mtEngine.unavailable', { label: engine.label }),
              })),
            ]}
          />
          <Typography.Paragraph
            type="secondary"
            style={{ marginTop: 8, marginBottom: 0 }}
            data-testid="mt-engine-effective"
          >
            {t('mtEngine.effective', { label: labelOf(data.effectiveEngine) })}
          </Typography.Paragraph>
          {effective && missing.length > 0 && (
            <Typography.Paragraph
              type="warning"
              style={{ marginTop: 8, marginBottom: 0 }}
              data-testid="mt-engine-unsupported"
            >
              {t('mtEngine.cannotTranslate', {
                label: effective.label,
                source: getLanguageName(languages!.source),
                targets: missing.map(getLanguageName).join(', '),
              })}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}
