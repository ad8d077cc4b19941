import { alpha, createTheme, type Theme } from '@mui/material/styles';

// #C4572F (the logo's) gave 4.4:1 under white button text and 4.1:1 as text on sand: this one passes AA (4.5:1) on both.
const terracotta = '#B54F2B';
const teal = '#1F6F78';
const ink = '#2B2118';
const sand = '#FBF7F2';

// The keyboard's focus: a dark terracotta ring with a white gap (outline offset filled by a white shadow), so it
// shows on sand, on white, on a terracotta button and on the hero's gradient alike. MUI's own focus cue is a faint
// ripple, which fails "focus visible" for anyone who does not know to look for it.
const focusRing = { outline: '3px solid #9E4122', outlineOffset: 2, boxShadow: '0 0 0 2px #fff' } as const;

/** Colours beyond MUI's roles, so that no component spells a colour itself. */
interface BrandPalette {
  /** The logo's terracotta: decoration only (logo, gradients, icons), never under text (primary.main is for that). */
  logo: string;
  /** Dark surfaces (footer, a destination without a photo) and the text on them. */
  ink: string;
  onInk: string;
  /** Warm accents on dark surfaces, and the overline on the hero's gradient. */
  peach: string;
  blush: string;
  /** Behind an image while it loads, and the other person's message bubbles. */
  clay: string;
  star: string;
  heart: string;
  /** Icon hues of categories and destinations, besides the roles' own. */
  plum: string;
  gold: string;
  denim: string;
  ochre: string;
  /** The dark end of a caption's gradient over a photo. */
  shade: string;
}

/** A tinted chip or note: its background and its text (AA on that background). */
export interface Tint {
  bg: string;
  fg: string;
}

export interface TintPalette {
  /** Order and payout states. */
  neutral: Tint;
  action: Tint;
  moving: Tint;
  done: Tint;
  problem: Tint;
  /** Item conditions. */
  new: Tint;
  likeNew: Tint;
  good: Tint;
  unknown: Tint;
  /** Customs verification still pending (its icon a shade lighter than the text). */
  pending: Tint & { icon: string };
}

declare module '@mui/material/styles' {
  interface Palette {
    brand: BrandPalette;
    tint: TintPalette;
  }
  interface PaletteOptions {
    brand?: BrandPalette;
    tint?: TintPalette;
  }
}

export type TintName = keyof TintPalette;

/** sx of a tinted chip or note: the tint's background and text. */
export const tintSx = (name: TintName) => ({ bgcolor: `tint.${name}.bg`, color: `tint.${name}.fg` });

/**
 * A palette colour, by its sx path ('common.white', 'brand.ink'), at an opacity. For sx values that take a theme:
 * `bgcolor: (theme) => translucent(theme, 'common.white', 0.92)`.
 */
export function translucent(theme: Theme, path: string, opacity: number): string {
  const colour = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], theme.palette);
  if (typeof colour !== 'string') throw new Error(`No palette colour at ${path}`);
  return theme.alpha(colour, opacity);
}

const headingFont = '"Fraunces", "Iowan Old Style", "Palatino Linotype", Palatino, Georgia, serif';
const bodyFont = '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, sans-serif';

/** A warm, travel-journal look: terracotta and teal on sand, serif headings, soft rounded cards. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: terracotta, dark: '#9E4122', light: '#E07A52', contrastText: '#fff' },
    secondary: { main: teal, dark: '#14515A', light: '#4A9AA3', contrastText: '#fff' },
    success: { main: '#2E7D4F' },
    info: { main: '#2F6DB5' },
    warning: { main: '#C98A12' },
    error: { main: '#C23B3B' },
    background: { default: sand, paper: '#FFFFFF' },
    text: { primary: ink, secondary: '#6B5E52' },
    divider: '#EADFD3',
    brand: {
      logo: '#C4572F',
      ink,
      onInk: '#EFE5DA',
      peach: '#F2B591',
      blush: '#FFD9C2',
      clay: '#F3ECE4',
      star: '#F2A81D',
      heart: '#E0245E',
      plum: '#7A4E9E',
      gold: '#B5832A',
      denim: '#3F5E96',
      ochre: '#8A6200',
      shade: '#140E08',
    },
    tint: {
      neutral: { bg: '#EFEAE4', fg: '#4A4038' },
      action: { bg: '#FBE3D8', fg: '#8A3416' },
      moving: { bg: '#DDEFF1', fg: '#14515A' },
      done: { bg: '#DFF1E3', fg: '#1E5E2E' },
      problem: { bg: '#FCE4E4', fg: '#9A1C1C' },
      new: { bg: '#DDF3E4', fg: '#1E6B3C' },
      likeNew: { bg: '#DCEBFB', fg: '#1F5A9E' },
      good: { bg: '#FDF1C9', fg: '#8A6200' },
      unknown: { bg: '#ECECEC', fg: '#555555' },
      pending: { bg: '#FFF4E0', fg: '#8A5A00', icon: '#B07400' },
    },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: bodyFont,
    h1: {
      fontFamily: headingFont,
      fontWeight: 700,
      fontSize: 'clamp(2.2rem, 5vw, 3.6rem)',
      lineHeight: 1.1,
      letterSpacing: '-0.02em',
    },
    h2: {
      fontFamily: headingFont,
      fontWeight: 700,
      fontSize: 'clamp(1.8rem, 3.5vw, 2.6rem)',
      lineHeight: 1.15,
      letterSpacing: '-0.01em',
    },
    h3: { fontFamily: headingFont, fontWeight: 700, fontSize: 'clamp(1.5rem, 2.6vw, 2rem)', lineHeight: 1.2 },
    h4: { fontFamily: headingFont, fontWeight: 700, fontSize: '1.6rem', lineHeight: 1.25 },
    h5: { fontFamily: headingFont, fontWeight: 700, fontSize: '1.3rem' },
    h6: { fontWeight: 700, fontSize: '1.05rem' },
    subtitle1: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
    overline: { fontWeight: 700, letterSpacing: '0.12em' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { backgroundColor: sand },
        a: { color: 'inherit' },
        '::selection': { background: alpha(terracotta, 0.2) },
        // Plain links and buttons (router links, the footer's, native buttons); MUI's own come through ButtonBase below.
        'a:focus-visible, button:focus-visible, summary:focus-visible': focusRing,
      },
    },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
    // Rows of a list or menu: the ring inside, where the list's scroll box does not cut it off.
    MuiListItemButton: {
      styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -3, boxShadow: 'none' } } },
    },
    MuiMenuItem: {
      styleOverrides: { root: { '&.Mui-focusVisible': { ...focusRing, outlineOffset: -3, boxShadow: 'none' } } },
    },
    MuiTab: {
      defaultProps: { disableFocusRipple: true },
      styleOverrides: {
        root: {
          textTransform: 'none',
          fontWeight: 600,
          fontSize: '0.95rem',
          '&.Mui-focusVisible': { ...focusRing, outlineOffset: -3, boxShadow: 'none' },
        },
      },
    },
    // No focus ripple where the ring shows focus: its pulse paled the button under the ring (and never stops moving).
    MuiButton: {
      defaultProps: { disableElevation: true, disableFocusRipple: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 18 },
        sizeLarge: { paddingBlock: 11, paddingInline: 26, fontSize: '1rem' },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: {
        root: {
          borderRadius: 18,
          border: '1px solid #EFE5DA',
          boxShadow: '0 1px 2px rgba(43,33,24,0.04), 0 8px 24px rgba(43,33,24,0.06)',
        },
      },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 18 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 20 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontFamily: headingFont, fontWeight: 700, fontSize: '1.5rem' } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 12, backgroundColor: '#fff' } } },
    MuiTooltip: { defaultProps: { enterDelay: 700, enterNextDelay: 300 } },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      // A link inside a sentence is underlined: colour alone (or none, as on the dark footer) does not tell it from the
      // words around it (WCAG 1.4.1). Links standing on their own keep the cleaner hover underline.
      styleOverrides: { root: { 'p > &': { textDecoration: 'underline' } } },
    },
    MuiSkeleton: { defaultProps: { animation: 'wave' } },
  },
});
