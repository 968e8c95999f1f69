import { Suspense, useState } from 'react';
import { MenuFoldOutlined, MenuUnfoldOutlined, RocketOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Menu, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ContractModal } from './contract-modal';
import { NotificationBell } from './notification-bell';
import { SECTION_DEFINITIONS, findSectionByPath, sectionHref, type ShellSection } from './shell-sections';
import { UserMenu } from './user-menu';
import './shell-layout.css';

interface ShellLayoutProps {
  sections: readonly ShellSection[];
  /** The free app shows its plan and the way to upgrade in the header. */
  isFreePlan?: boolean;
}

/** A logged-in shell: the sections in a sidebar, a header with the bell and the user menu. */
export function ShellLayout({ sections, isFreePlan = false }: ShellLayoutProps) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const isProfile = pathname.startsWith('/app/profile');
  const current = findSectionByPath(pathname, sections);
  const pageTitle = isProfile ? t('sections.profile') : t(`sections.${current}`);

  return (
    <Layout className="shell" data-testid={isFreePlan ? 'free-app' : 'main-app'}>
      <Layout.Sider
        width={248}
        collapsedWidth={72}
        collapsible
        collapsed={isCollapsed}
        onCollapse={setIsCollapsed}
        breakpoint="lg"
        trigger={null}
        className="shell__sider"
      >
        <div className="shell__brand">
          <BrandLogo size={32} tone="light" showWordmark={!isCollapsed} />
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={isProfile ? [] : [current]}
          onClick={({ key }) => void navigate(sectionHref(key as ShellSection))}
          items={sections.map((section) => ({
            key: section,
            icon: SECTION_DEFINITIONS[section].icon,
            label: t(`sections.${section}`),
            'data-testid': `nav-${section}`,
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell__header">
          <Flex align="center" gap={12} style={{ minWidth: 0 }}>
            <Button
              type="text"
              icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setIsCollapsed((value) => !value)}
              aria-label={isCollapsed ? t('header.expand') : t('header.collapse')}
            />
            <Typography.Title level={4} style={{ margin: 0 }} ellipsis data-testid="shell-page-title">
              {pageTitle}
            </Typography.Title>
          </Flex>
          <Flex align="center" gap={16}>
            {isFreePlan ? (
              <Flex align="center" gap={8} className="shell__plan">
                <Tag color="orange" variant="filled">
                  {t('header.freePlan')}
                </Tag>
                <Button
                  size="small"
                  icon={<RocketOutlined />}
                  onClick={() => void navigate(sectionHref('billing'))}
                >
                  {t('header.upgrade')}
                </Button>
              </Flex>
            ) : null}
            <NotificationBell />
            <UserMenu />
          </Flex>
        </Layout.Header>
        <Layout.Content className="shell__content">
          {/* Screens load on first use (section-pages.tsx); the shell stays while one arrives. */}
          <Suspense
            fallback={
              <Flex justify="center" style={{ padding: 48 }} data-testid="shell-page-loading">
                <Spin size="large" />
              </Flex>
            }
          >
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <ContractModal />
    </Layout>
  );
}
