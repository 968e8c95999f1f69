import { STORAGE_KEYS, isRole, type Role } from '@bhasha/contract';

/** The browser storage the session lives in; tests pass their own. */
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): SessionStore {
  return window.localStorage;
}

/** The stored access token, or null. */
export function readToken(store: SessionStore = defaultStore()): string | null {
  const token = store.getItem(STORAGE_KEYS.token);
  return token ? token : null;
}

/** The stored role (kept base64-encoded, spec §3), or null when absent or unreadable. */
export function readRole(store: SessionStore = defaultStore()): Role | null {
  const encoded = store.getItem(STORAGE_KEYS.role);
  if (!encoded) return null;
  try {
    const role = atob(encoded);
    return isRole(role) ? role : null;
  } catch {
    return null;
  }
}

/** Stores the token alone (verification and password update answer only a token). */
export function writeToken(token: string, store: SessionStore = defaultStore()): void {
  store.setItem(STORAGE_KEYS.token, token);
}

/** Stores the token and the base64-encoded role. */
export function writeSession(token: string, role: Role, store: SessionStore = defaultStore()): void {
  store.setItem(STORAGE_KEYS.token, token);
  store.setItem(STORAGE_KEYS.role, btoa(role));
}

/** Removes token and role (logout and session expiry). */
export function clearSession(store: SessionStore = defaultStore()): void {
  store.removeItem(STORAGE_KEYS.token);
  store.removeItem(STORAGE_KEYS.role);
}
