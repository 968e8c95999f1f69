/**
 * Bhasha's palette: a confident indigo for structure and action, saffron for emphasis and
 * warmth. Indigo carries every primary control; saffron is rationed to highlights (the logo's
 * second bubble, badges, the banner's accents) so it never competes with a call to action.
 */
export const BRAND_PALETTE = {
  indigo50: '#EEF0FF',
  indigo100: '#DCE0FD',
  indigo200: '#BCC3FA',
  indigo400: '#6E74EE',
  indigo500: '#4F4FE0',
  /** The primary colour: buttons, links, the active menu item. */
  indigo600: '#3F3CC8',
  indigo700: '#3730A3',
  indigo800: '#2B2780',
  indigo900: '#1E1B4B',
  saffron50: '#FFF6EB',
  saffron100: '#FFE8CC',
  saffron400: '#FFA94D',
  /** The accent: highlights, the logo, the banner. */
  saffron500: '#F58A1F',
  saffron600: '#D9700B',
  ink900: '#111327',
  ink700: '#3A3D55',
  ink500: '#6B6F86',
  ink300: '#C7C9D6',
  ink100: '#EEEFF4',
  canvas: '#F6F7FB',
  white: '#FFFFFF',
  success: '#1F9D55',
  warning: '#E8A317',
  danger: '#D92D20',
} as const;

/** Spacing scale in px: every gap, padding and margin picks one of these. */
export const SPACING = { xxs: 4, xs: 8, sm: 12, md: 16, lg: 24, xl: 32, xxl: 48 } as const;

/** Breakpoint (px) above which the public pages show the left banner. */
export const WIDE_SCREEN_MIN_WIDTH = 992;
