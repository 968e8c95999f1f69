import type { ThemeConfig } from 'antd';
import { BRAND_PALETTE, SPACING } from './brand-palette';

const FONT_FAMILY =
  "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Noto Sans', 'Noto Sans Devanagari', 'Helvetica Neue', Arial, sans-serif";

/** The one antd theme of the dashboard: brand colours, radius and spacing tokens. */
export const ANTD_THEME: ThemeConfig = {
  cssVar: { key: 'bhasha' },
  token: {
    colorPrimary: BRAND_PALETTE.indigo600,
    colorInfo: BRAND_PALETTE.indigo600,
    colorSuccess: BRAND_PALETTE.success,
    colorWarning: BRAND_PALETTE.warning,
    colorError: BRAND_PALETTE.danger,
    colorLink: BRAND_PALETTE.indigo600,
    colorTextBase: BRAND_PALETTE.ink900,
    colorBgLayout: BRAND_PALETTE.canvas,
    fontFamily: FONT_FAMILY,
    fontSize: 14,
    borderRadius: 8,
    borderRadiusLG: 12,
    controlHeight: 38,
    controlHeightLG: 44,
    padding: SPACING.md,
    paddingLG: SPACING.lg,
    margin: SPACING.md,
    marginLG: SPACING.lg,
  },
  components: {
    Layout: {
      headerBg: BRAND_PALETTE.white,
      headerHeight: 64,
      headerPadding: `0 ${SPACING.lg}px`,
      siderBg: BRAND_PALETTE.indigo900,
      triggerBg: BRAND_PALETTE.indigo800,
      bodyBg: BRAND_PALETTE.canvas,
    },
    Menu: {
      darkItemBg: BRAND_PALETTE.indigo900,
      darkSubMenuItemBg: BRAND_PALETTE.indigo900,
      darkItemSelectedBg: BRAND_PALETTE.indigo600,
      darkItemHoverBg: BRAND_PALETTE.indigo800,
      itemBorderRadius: 8,
    },
    Button: { fontWeight: 600, primaryShadow: 'none' },
    Card: { borderRadiusLG: 14 },
    Form: { itemMarginBottom: SPACING.md, verticalLabelPadding: `0 0 ${SPACING.xxs}px` },
  },
};
