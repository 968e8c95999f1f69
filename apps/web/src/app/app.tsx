import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../features/auth/state/auth-provider';
import { AppErrorBoundary } from './app-error-boundary';
import { AppProviders } from './app-providers';
import { AppRoutes } from './app-routes';

/** The dashboard: providers, router, authentication, then the screens. */
export function App() {
  return (
    <AppProviders>
      <AppErrorBoundary>
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
      </AppErrorBoundary>
    </AppProviders>
  );
}
