import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** What the success page shows for one state of the payment (see paymentOutcomeViews.tsx). */
export interface OutcomeView {
  /** A big status icon in the given palette colour; none while the payment is being confirmed (a spinner shows). */
  icon?: { glyph: ReactNode; color: string };
  title: string;
  titleVariant: 'h2' | 'h3' | 'h4';
  /** A sentence under the title. */
  lead?: ReactNode;
  alert?: { severity: AlertColor; text: ReactNode };
  /** The bought item's summary card. */
  showItem: boolean;
  /** Anything between the item and the buttons (next steps, the guest's order link). */
  details?: ReactNode;
  actions: ReactNode[];
}

interface Props {
  view: OutcomeView;
  item: ReactNode;
}

function Centered({ color, children }: { color?: string; children: ReactNode }) {
  return (
    <Box sx={{ color, display: 'flex', justifyContent: 'center', '& svg': { fontSize: 72 } }} aria-hidden={!!color}>
      {children}
    </Box>
  );
}

/** The one panel of the payment success page: icon, title, message, item, what next, buttons. */
export function OutcomePanel({ view, item }: Props) {
  const busy = !view.icon;
  return (
    <Stack spacing={3} sx={{ textAlign: 'center' }} aria-busy={busy ? 'true' : undefined}>
      {view.icon ? (
        <Centered color={view.icon.color}>{view.icon.glyph}</Centered>
      ) : (
        <Centered>
          <CircularProgress aria-label="Confirming your payment" />
        </Centered>
      )}
      <Box>
        <Typography variant={view.titleVariant} component="h1">
          {view.title}
        </Typography>
        {view.lead && <Typography sx={{ color: 'text.secondary', mt: 1 }}>{view.lead}</Typography>}
      </Box>
      {view.alert && (
        <Alert severity={view.alert.severity} sx={{ textAlign: 'left' }}>
          {view.alert.text}
        </Alert>
      )}
      {view.showItem && item}
      {view.details}
      {view.actions.length === 1 && <Box>{view.actions[0]}</Box>}
      {view.actions.length > 1 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'center' }}>
          {view.actions}
        </Stack>
      )}
    </Stack>
  );
}
