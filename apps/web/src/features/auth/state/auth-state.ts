import type { SessionUser, UiConfig } from '@bhasha/contract';

/** Details of a pending self-registration (spec §4 registration flow). */
export interface AuthDetails {
  authenticationCode: string;
}

/** The authentication state of spec §3. */
export interface AuthState {
  loading: boolean;
  user: SessionUser | null;
  token: string | null;
  isLoggedIn: boolean;
  uiConfig: UiConfig | null;
  accountLocked: boolean;
  /** Failed attempts the server counted, as `data.attempts` of the last failed login. */
  attemptsRemaining: number;
  error: string | null;
  authDetails: AuthDetails | null;
  verifyEmailToken: string | null;
}

export type AuthAction =
  | {
      type: 'startup.finished';
      uiConfig: UiConfig | null;
      session: { token: string; user: SessionUser } | null;
    }
  | { type: 'token.verified'; token: string; user: SessionUser }
  | { type: 'token.rejected' }
  | { type: 'login.succeeded'; token: string; user: SessionUser }
  | { type: 'login.failed'; message: string; locked: boolean; attempts: number }
  | { type: 'session.ended' }
  | { type: 'contract.agreed' }
  | { type: 'otp.sent'; authDetails: AuthDetails }
  | { type: 'email-otp.sent'; verifyEmailToken: string };

export function createInitialAuthState(token: string | null): AuthState {
  return {
    loading: true,
    user: null,
    token,
    isLoggedIn: false,
    uiConfig: null,
    accountLocked: false,
    attemptsRemaining: 0,
    error: null,
    authDetails: null,
    verifyEmailToken: null,
  };
}

/** Pure transitions of spec §4 (login, other authentication transitions, startup, expiry). */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'startup.finished':
      return {
        ...state,
        uiConfig: action.uiConfig,
        token: action.session?.token ?? null,
        user: action.session?.user ?? null,
        isLoggedIn: action.session !== null,
        loading: false,
      };
    case 'token.verified':
    case 'login.succeeded':
      return {
        ...state,
        token: action.token,
        user: action.user,
        isLoggedIn: true,
        accountLocked: false,
        attemptsRemaining: 0,
        error: null,
        loading: false,
      };
    case 'token.rejected':
    case 'session.ended':
      return { ...state, token: null, user: null, isLoggedIn: false, loading: false };
    case 'login.failed':
      return {
        ...state,
        isLoggedIn: false,
        user: null,
        error: action.message,
        accountLocked: action.locked,
        attemptsRemaining: action.attempts,
      };
    case 'contract.agreed':
      return state.user ? { ...state, user: { ...state.user, contractAgreed: true } } : state;
    case 'otp.sent':
      return { ...state, authDetails: action.authDetails };
    case 'email-otp.sent':
      return { ...state, verifyEmailToken: action.verifyEmailToken };
  }
}
