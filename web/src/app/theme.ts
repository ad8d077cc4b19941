import { alpha, createTheme } from '@mui/material/styles';

// #C4572F (the logo's) gave 4.4:1 under white button text and 4.1:1 as text on sand: this one passes AA (4.5:1) on both.
const terracotta = '#B54F2B';
const teal = '#1F6F78';
const ink = '#2B2118';
const sand = '#FBF7F2';

// The keyboard's focus: a dark terracotta ring with a white gap (outline offset filled by a white shadow), so it
// shows on sand, on white, on a terracotta button and on the hero's gradient alike. MUI's own focus cue is a faint
// ripple, which fails "focus visible" for anyone who does not know to look for it.
const focusRing = { outline: '3px solid #9E4122', outlineOffset: 2, boxShadow: '0 0 0 2px #fff' } as const;

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
