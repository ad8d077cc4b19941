import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface Props {
  icon: ReactNode;
  title: string;
  text?: ReactNode;
  action?: ReactNode;
}

/** A quiet centred notice inside a messages pane (empty list, nothing selected, a hint). */
export function PaneMessage({ icon, title, text, action }: Props) {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: 8, color: 'text.secondary', m: 'auto' }}>
      <Box aria-hidden sx={{ color: 'primary.light', '& svg': { fontSize: 48 } }}>
        {icon}
      </Box>
      <Typography component="h2" sx={{ fontWeight: 700, color: 'text.primary', mt: 1, fontSize: '1.1rem' }}>
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" sx={{ mt: 0.5, maxWidth: 360, mx: 'auto' }}>
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Box>
  );
}
