import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled card of the Sell form. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2.5, md: 3.5 } }}>
      <Typography id={id} variant="h5" component="h2">
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {description}
        </Typography>
      )}
      <Stack spacing={2.5} sx={{ mt: 2.5 }}>
        {children}
      </Stack>
    </Card>
  );
}
