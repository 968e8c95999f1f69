import { createContext, useContext } from 'react';
import type { SessionUser } from '@bhasha/contract';
import type { AuthDetails, AuthState } from './auth-state';

/** What screens may do to the authentication state. */
export interface AuthActions {
  /** Stores token and role and marks the user logged in (login success). */
  completeLogin: (token: string, user: SessionUser) => void;
  /** Records a failed login: message, locked flag and attempts from the failure data. */
  recordLoginFailure: (failure: { message: string; locked: boolean; attempts: number }) => void;
  /** Stores a token (verification, password update, onboarding) and verifies it; true when valid. */
  adoptToken: (token: string) => Promise<boolean>;
  /** Signs out: tells the server, clears storage and state, returns to `/`. */
  logout: () => Promise<void>;
  markContractAgreed: () => void;
  setAuthDetails: (details: AuthDetails) => void;
  setVerifyEmailToken: (token: string) => void;
}

export const AuthStateContext = createContext<AuthState | null>(null);
export const AuthActionsContext = createContext<AuthActions | null>(null);

/** The authentication state; only inside `<AuthProvider>`. */
export function useAuthState(): AuthState {
  const state = useContext(AuthStateContext);
  if (!state) throw new Error('useAuthState must be used inside <AuthProvider>');
  return state;
}

/** The authentication actions; only inside `<AuthProvider>`. */
export function useAuthActions(): AuthActions {
  const actions = useContext(AuthActionsContext);
  if (!actions) throw new Error('useAuthActions must be used inside <AuthProvider>');
  return actions;
}

/** The signed-in user; only inside a logged-in shell. */
export function useSessionUser(): SessionUser {
  const { user } = useAuthState();
  if (!user) throw new Error('useSessionUser must be used inside a logged-in shell');
  return user;
}
