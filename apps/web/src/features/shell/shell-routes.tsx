import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from './coming-soon-page';
import { DashboardPage, ProfilePage, SECTION_PAGES } from './section-pages';
import { ShellLayout } from './shell-layout';
import { SECTION_DEFINITIONS, type ShellSection } from './shell-sections';

interface ShellRoutesProps {
  sections: readonly ShellSection[];
  /** Sections the sidebar shows (default: all); routes exist for every section, so deep links survive loading. */
  navSections?: readonly ShellSection[];
  isFreePlan?: boolean;
}

/** The routes of a logged-in shell under /app; anything else goes to /app. */
export function ShellRoutes({ sections, navSections = sections, isFreePlan = false }: ShellRoutesProps) {
  return (
    <Routes>
      <Route path="app" element={<ShellLayout sections={navSections} isFreePlan={isFreePlan} />}>
        <Route index element={<DashboardPage />} />
        {sections
          .filter((section) => section !== 'dashboard')
          .map((section) => (
            <Route
              key={section}
              path={`${SECTION_DEFINITIONS[section].path}/*`}
              element={SECTION_PAGES[section] ?? <ComingSoonPage section={section} />}
            />
          ))}
        <Route path="profile" element={<ProfilePage />} />
        <Route path="*" element={<Navigate to="/app" replace />} />
      </Route>
      <Route path="*" element={<Navigate to="/app" replace />} />
    </Routes>
  );
}
