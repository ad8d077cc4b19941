import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderHistoryEntryDto } from '@souvenir/contracts';
import { ACTOR_LABELS, dateTime, STATUS_LABELS } from '../orderText';

/** The order's history, oldest first: a vertical line of steps (who, when, what, why). */
export function OrderTimeline({ history }: { history: OrderHistoryEntryDto[] }) {
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {history.map((entry, index) => {
        const last = index === history.length - 1;
        return (
          <Box component="li" key={`${entry.at}-${index}`} sx={{ display: 'flex', gap: 1.5 }}>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }} aria-hidden>
              <Box
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: last ? 'primary.main' : 'secondary.light',
                  flexShrink: 0,
                }}
              />
              {!last && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>
                {entry.from === entry.to ? 'Update' : (STATUS_LABELS[entry.to]?.label ?? entry.to)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {dateTime(entry.at)} · {ACTOR_LABELS[entry.actor] ?? entry.actor}
              </Typography>
              {entry.reason && (
                <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {entry.reason}
                </Typography>
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
