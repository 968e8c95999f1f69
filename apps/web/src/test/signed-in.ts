import { STORAGE_KEYS } from '@bhasha/contract';
import { ok, UI_CONFIG, type FakeRoute } from './fake-server';

/** The organisation admin most dashboard screens are tested as. */
export const ORGANISATION_ADMIN = {
  id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  role: 'organisationAdmin',
  organisationId: 'o1',
  apikey: null,
  contractAgreed: true,
};

/** What /user/abilities answers: the given pages, nothing else granted unless `grants` says so. */
export function abilitiesFor(pages: string[], grants: Record<string, unknown> = {}) {
  return {
    pages,
    creatableRoles: [] as string[],
    canManageUsers: false,
    canManageOrganisations: false,
    canEditOwnOrganisation: false,
    canSeeAllOrganisations: false,
    projectCreation: {
      allowed: true,
      reason: null,
      types: [
        { type: 'website', available: true },
        { type: 'mob', available: false },
        { type: 'api', available: false },
        { type: 'document', available: false },
      ],
    },
    ...grants,
  };
}

/** The calls a signed-in session makes at start-up: UI configuration, token check and abilities. */
export function signedInRoutes(
  abilities: object,
  user: object = ORGANISATION_ADMIN,
): Record<string, FakeRoute> {
  return {
    'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG),
    'GET /api/user/check/': () => ok({ user }),
    'GET /api/user/abilities': () => ok({ abilities }),
  };
}

/** Keeps a token in storage so the app starts signed in. */
export function storeSessionToken() {
  window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
}
