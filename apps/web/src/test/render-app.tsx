import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { AppRoutes } from '../app/app-routes';
import { AuthProvider } from '../features/auth/state/auth-provider';

/** Renders the whole dashboard at a path, as the browser would (startup included). */
export function renderApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </MemoryRouter>
    </AppProviders>,
  );
}
