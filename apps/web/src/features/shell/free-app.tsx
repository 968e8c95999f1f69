import { useSessionUser } from '../auth/state/auth-context';
import { NotificationFeedProvider } from '../notifications/notification-feed-provider';
import { FREE_APP_SECTIONS } from './shell-sections';
import { ShellRoutes } from './shell-routes';
import { usePermittedSections } from './use-permitted-sections';

/** The app of the free organisation admin (spec §2, §6). */
export function FreeApp() {
  const user = useSessionUser();
  const navSections = usePermittedSections(FREE_APP_SECTIONS);
  return (
    <NotificationFeedProvider userId={user.id}>
      <ShellRoutes sections={FREE_APP_SECTIONS} navSections={navSections} isFreePlan />
    </NotificationFeedProvider>
  );
}
