import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { translucent } from '../app/theme';

interface Props {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /**
   * The title's level in the page's outline: h3 under a section's h2, h2 straight under the page's h1, h1 when the
   * empty state is the whole page (a product or person not found).
   */
  headingLevel?: 'h1' | 'h2' | 'h3';
}

export function EmptyState({ icon, title, description, action, headingLevel = 'h3' }: Props) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: 8,
        px: 2,
        border: '2px dashed',
        borderColor: 'divider',
        borderRadius: 4,
        bgcolor: (theme) => translucent(theme, 'common.white', 0.6),
      }}
    >
      <Box sx={{ color: 'primary.light', '& svg': { fontSize: 56 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h5" component={headingLevel} sx={{ mt: 1 }}>
        {title}
      </Typography>
      {description && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{description}</Typography>}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
}
