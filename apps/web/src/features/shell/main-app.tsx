import { useSessionUser } from '../auth/state/auth-context';
import { NotificationFeedProvider } from '../notifications/notification-feed-provider';
import { MAIN_APP_SECTIONS } from './shell-sections';
import { ShellRoutes } from './shell-routes';
import { usePermittedSections } from './use-permitted-sections';

/** The app of every role except freeOrgAdmin (spec §2, §6). */
export function MainApp() {
  const user = useSessionUser();
  const navSections = usePermittedSections(MAIN_APP_SECTIONS);
  return (
    <NotificationFeedProvider userId={user.id}>
      <ShellRoutes sections={MAIN_APP_SECTIONS} navSections={navSections} />
    </NotificationFeedProvider>
  );
}
