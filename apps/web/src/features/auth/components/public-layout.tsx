import { Suspense } from 'react';
import { Flex, Layout, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageBanner } from '../banner/language-banner';
import './public-layout.css';

/** The public pages: the drifting-language banner on wide screens, the page's form beside it. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Layout className="public-layout">
      <aside className="public-layout__banner language-banner-surface">
        <LanguageBanner variant="side" />
      </aside>
      <main className="public-layout__main">
        <header className="public-layout__compact-header">
          <Link to="/" aria-label={t('appName')}>
            <BrandLogo size={32} />
          </Link>
        </header>
        <div className="public-layout__content">
          {/* Public screens other than sign-in load when opened (public-routes.tsx). */}
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 48 }}>
                <Spin size="large" />
              </Flex>
            }
          >
            <Outlet />
          </Suspense>
        </div>
        <footer className="public-layout__footer">
          <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
          <Link to="/privacy-policy">{t('footer.privacy')}</Link>
        </footer>
      </main>
    </Layout>
  );
}
