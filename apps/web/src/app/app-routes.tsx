import { lazy, Suspense } from 'react';
import { ROLES } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { PublicRoutes } from '../features/auth/public-routes';
import { useAuthState } from '../features/auth/state/auth-context';

// The shells load on demand: visitors of the public pages never download them.
const FreeApp = lazy(() =>
  import('../features/shell/free-app').then((module) => ({ default: module.FreeApp })),
);
const MainApp = lazy(() =>
  import('../features/shell/main-app').then((module) => ({ default: module.MainApp })),
);

/** Paths that stay public even for a signed-in user (spec §2). */
function isAlwaysPublicPath(pathname: string): boolean {
  return pathname.includes('/verification/') || pathname.includes('/new-password');
}

/** Chooses between the startup spinner, the public routes and the shell of the user's role. */
export function AppRoutes() {
  const { loading, isLoggedIn, user } = useAuthState();
  const { pathname } = useLocation();
  const { t } = useTranslation('common');

  const spinner = <FullPageSpinner caption={t('loading')} testId="app-loading" />;
  if (loading) return spinner;
  if (isLoggedIn && user && !isAlwaysPublicPath(pathname)) {
    return (
      <Suspense fallback={spinner}>{user.role === ROLES.freeOrgAdmin ? <FreeApp /> : <MainApp />}</Suspense>
    );
  }
  return (
    <Suspense fallback={spinner}>
      <PublicRoutes />
    </Suspense>
  );
}
