import { Tag, Tooltip } from 'antd';
import { DOMAIN_VERIFICATION_LEVELS, type DomainVerificationLevel } from '@bhasha/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsApi } from '../api/settings-api';
import { settingsKeys } from '../api/settings-keys';

/** Colour per level: grey none, gold script found, blue project id found, green visits reported. */
const LEVELS = [
  { colour: 'default', label: 'verification.levels.none' },
  { colour: 'gold', label: 'verification.levels.script' },
  { colour: 'blue', label: 'verification.levels.projectId' },
  { colour: 'green', label: 'verification.levels.client' },
] as const;

/** The verification level of each of a project's domains (parser/domainVerifications), shared by every card. */
export const useDomainVerifications = (projectId: string) =>
  useQuery({
    queryKey: settingsKeys.verifications(projectId),
    queryFn: () => settingsApi.domainVerifications(projectId),
  });

/**
 * A domain's verification level (spec §4: 0 none, 1 script verified, 2 project id verified,
 * 3 client verified) as a coloured tag; `checkedAt` (when the page was last checked) as its tooltip.
 */
export function DomainVerificationTag({ level, checkedAt }: { level: number; checkedAt?: string | null }) {
  const { t, i18n } = useTranslation('settings');
  const index = Number.isInteger(level) && level in LEVELS ? level : DOMAIN_VERIFICATION_LEVELS.none;
  const shown = LEVELS[index as DomainVerificationLevel];
  const tag = (
    <Tag color={shown.colour} data-testid="verification-level" data-level={index}>
      {t(shown.label)}
    </Tag>
  );
  if (checkedAt === undefined) return tag;
  return (
    <Tooltip
      title={`${t('verification.checkedAt')}: ${
        checkedAt ? new Date(checkedAt).toLocaleString(i18n.language) : t('verification.never')
      }`}
    >
      {tag}
    </Tooltip>
  );
}
