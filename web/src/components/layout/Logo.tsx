import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

/** Brand mark: a luggage-tag glyph and the wordmark, linking home. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { palette } = useTheme();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label="Souvenir Swap home"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        textDecoration: 'none',
        color: inverted ? 'common.white' : 'text.primary',
      }}
    >
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 34, height: 34, flexShrink: 0 }}>
        <rect x="3" y="6" width="26" height="20" rx="6" fill={palette.brand.logo} />
        <circle cx="10" cy="16" r="2.6" fill={palette.background.default} />
        <path d="M16 12h8M16 16h6M16 20h8" stroke={palette.background.default} strokeWidth="2" strokeLinecap="round" />
        <path d="M10 6V3.5" stroke={palette.secondary.main} strokeWidth="2.4" strokeLinecap="round" />
      </Box>
      {/* A real space, drawn (almost) closed: the visible text "Souvenir Swap" is then part of the link's name (label in name, WCAG 2.5.3). */}
      <Typography
        component="span"
        sx={{
          fontFamily: (t) => t.typography.h1.fontFamily,
          fontWeight: 700,
          fontSize: '1.35rem',
          letterSpacing: '-0.01em',
          wordSpacing: '-0.3em',
          whiteSpace: 'nowrap',
        }}
      >
        Souvenir{' '}
        <Box component="span" sx={{ color: inverted ? 'brand.peach' : 'primary.main' }}>
          Swap
        </Box>
      </Typography>
    </Box>
  );
}
