import {
  MANUAL_TRANSLATION_STATUS as S,
  ROLES,
  type ManualRequestAction,
  type ManualTranslationStatus,
  type Role,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import type { TenantScope } from '../organisations/tenant-scope';

/** Who orders human translation: the organisation's paid admins (the free plan has none). */
export const MANUAL_REQUESTER_ROLES: readonly Role[] = [ROLES.superAdmin, ROLES.organisationAdmin];
/** The Prabandhak desk, which accepts, refuses or takes back orders (ADR 0026). */
export const MANUAL_DESK_ROLES: readonly Role[] = [ROLES.superAdmin, ROLES.deliveryManager];
/** Who brings translated batch files back: the desk and its translators' admin. */
export const MANUAL_UPLOADER_ROLES: readonly Role[] = [
  ROLES.superAdmin,
  ROLES.deliveryManager,
  ROLES.translationAdmin,
];
/** Who sees orders: both sides of the desk and the admins who placed them. */
export const MANUAL_VIEWER_ROLES: readonly Role[] = [
  ROLES.superAdmin,
  ROLES.organisationAdmin,
  ROLES.deliveryManager,
  ROLES.translationAdmin,
];

/**
 * The status machine of a website order (ADR 0026): each action, the statuses it starts from and
 * the status it leaves. Delete removes the order, so it has no target.
 */
export const MANUAL_TRANSITIONS = {
  approve: { from: [S.pendingManualTranslation, S.reverted], to: S.processingManualTranslation },
  reject: { from: [S.pendingManualTranslation], to: S.rejectedManualTranslation },
  revert: { from: [S.processingManualTranslation, S.rejectedManualTranslation], to: S.reverted },
  delete: { from: [S.pendingManualTranslation, S.rejectedManualTranslation, S.reverted], to: null },
} as const satisfies Record<
  ManualRequestAction,
  { from: readonly ManualTranslationStatus[]; to: ManualTranslationStatus | null }
>;

/** Work on an order that is not a status transition of its own. */
type DeskWork = 'upload';

const ROLES_BY_ACTION: Record<ManualRequestAction | DeskWork, readonly Role[]> = {
  upload: MANUAL_UPLOADER_ROLES,
  approve: MANUAL_DESK_ROLES,
  reject: MANUAL_DESK_ROLES,
  revert: MANUAL_DESK_ROLES,
  delete: MANUAL_REQUESTER_ROLES,
};

/**
 * Whose orders a caller sees. Organisation members see their organisation's; a desk member bound
 * to no organisation is the provider's and serves every organisation, one bound to an
 * organisation serves that organisation only.
 */
export function manualRequestScopeOf(principal: Principal): TenantScope {
  if (principal.role === ROLES.superAdmin) return { kind: 'platform' };
  const isDesk = principal.role === ROLES.deliveryManager || principal.role === ROLES.translationAdmin;
  if (principal.organisationId) return { kind: 'organisation', organisationId: principal.organisationId };
  return isDesk ? { kind: 'platform' } : { kind: 'none' };
}

/** Whether the caller's role may take the action at all (the status decides whether it may now). */
export function canTake(principal: Principal, action: ManualRequestAction | DeskWork): boolean {
  return ROLES_BY_ACTION[action].includes(principal.role);
}

/** The actions open to the caller on an order in `status` (the dashboard shows exactly these). */
export function availableActions(principal: Principal, status: string): ManualRequestAction[] {
  return (Object.keys(MANUAL_TRANSITIONS) as ManualRequestAction[]).filter(
    (action) =>
      canTake(principal, action) && (MANUAL_TRANSITIONS[action].from as readonly string[]).includes(status),
  );
}
