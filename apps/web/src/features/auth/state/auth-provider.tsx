import { useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@bhasha/contract';
import { isNetworkFailure } from '../../../lib/api/api-result';
import { setSessionExpiredHandler } from '../../../lib/api/session-expiry';
import { clearSession, readToken, writeSession, writeToken } from '../../../lib/session/session-storage';
import { authApi } from '../api/auth-api';
import { AuthActionsContext, AuthStateContext, type AuthActions } from './auth-context';
import { authReducer, createInitialAuthState } from './auth-state';

/** Owns the authentication state and runs the startup sequence of spec §4. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, readToken(), createInitialAuthState);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasStarted = useRef(false);

  const actions = useMemo<AuthActions>(() => {
    async function verifyStoredToken(): Promise<SessionUser | null> {
      const token = readToken();
      if (!token) return null;
      const result = await authApi.checkUser();
      if (!result.success) return null;
      writeSession(token, result.data.user.role);
      dispatch({ type: 'token.verified', token, user: result.data.user });
      return result.data.user;
    }
    return {
      completeLogin(token, user) {
        writeSession(token, user.role);
        dispatch({ type: 'login.succeeded', token, user });
      },
      recordLoginFailure(failure) {
        dispatch({ type: 'login.failed', ...failure });
      },
      async adoptToken(token) {
        writeToken(token);
        const user = await verifyStoredToken();
        if (!user) {
          clearSession();
          dispatch({ type: 'token.rejected' });
        }
        return user !== null;
      },
      async logout() {
        await authApi.clearCookie();
        clearSession();
        dispatch({ type: 'session.ended' });
        queryClient.clear();
        await navigate('/', { replace: true });
      },
      markContractAgreed() {
        dispatch({ type: 'contract.agreed' });
      },
      setAuthDetails(authDetails) {
        dispatch({ type: 'otp.sent', authDetails });
      },
      setVerifyEmailToken(verifyEmailToken) {
        dispatch({ type: 'email-otp.sent', verifyEmailToken });
      },
    };
  }, [navigate, queryClient]);

  useEffect(() => {
    setSessionExpiredHandler(() => {
      dispatch({ type: 'session.ended' });
      queryClient.clear();
      void navigate('/', { replace: true });
    });
    return () => setSessionExpiredHandler(null);
  }, [navigate, queryClient]);

  useEffect(() => {
    // Startup (spec §4): the UI configuration and the stored token's check. Both start at once
    // (one round trip, not two, before the first screen); the token counts only with a configuration.
    if (hasStarted.current) return;
    hasStarted.current = true;
    void (async () => {
      const [config, check] = await Promise.all([
        authApi.fetchUiConfig(),
        readToken() ? authApi.checkUser() : Promise.resolve(null),
      ]);
      const uiConfig = config.success ? config.data : null;
      let session: { token: string; user: SessionUser } | null = null;
      if (uiConfig && check) {
        const result = check;
        const token = readToken();
        if (result.success && token) {
          writeSession(token, result.data.user.role);
          session = { token, user: result.data.user };
        } else if (!isNetworkFailure(result)) {
          // Only the server's "no" ends a session; an interrupted request proves nothing.
          clearSession();
        }
      }
      dispatch({ type: 'startup.finished', uiConfig, session });
    })();
  }, []);

  return (
    <AuthStateContext.Provider value={state}>
      <AuthActionsContext.Provider value={actions}>{children}</AuthActionsContext.Provider>
    </AuthStateContext.Provider>
  );
}
