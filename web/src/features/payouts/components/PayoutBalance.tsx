import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { PayoutBalanceDto } from '@souvenir/contracts';
import { formatMoney } from '../../../utils/money';

const CARDS: Array<{ key: 'held' | 'available' | 'paidOut'; label: string; hint: string }> = [
  { key: 'held', label: 'Held', hint: 'Paid by buyers, yours once they confirm' },
  { key: 'available', label: 'Available', hint: 'Earned, waiting to be paid out' },
  { key: 'paidOut', label: 'Paid out', hint: 'Sent to your bank account' },
];

/** The seller's balance: three cards, each a labelled figure (a skeleton while it loads). */
export function PayoutBalance({ balance }: { balance: PayoutBalanceDto | undefined }) {
  return (
    <Box component="section" aria-labelledby="balance-title">
      <Typography id="balance-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Balance
      </Typography>
      <Grid container spacing={{ xs: 1.5, sm: 2 }}>
        {CARDS.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 4 }}>
            <Card
              role="group"
              aria-label={card.label}
              sx={{
                p: { xs: 1.75, sm: 2.5 },
                height: '100%',
                display: 'grid',
                columnGap: 2,
                // A phone shows the three as rows (figure on the right), a wider screen as three cards side by side.
                gridTemplateColumns: { xs: '1fr auto', sm: '1fr' },
                gridTemplateAreas: { xs: '"label figure" "hint figure"', sm: '"label" "figure" "hint"' },
                alignItems: 'center',
                alignContent: 'start',
              }}
            >
              <Typography component="h3" sx={{ gridArea: 'label', color: 'text.secondary', fontWeight: 600 }}>
                {card.label}
              </Typography>
              {balance ? (
                <Typography
                  sx={{
                    gridArea: 'figure',
                    fontSize: { xs: '1.4rem', sm: '1.75rem' },
                    fontWeight: 800,
                    lineHeight: 1.3,
                  }}
                >
                  {formatMoney(balance[card.key])}
                </Typography>
              ) : (
                <Skeleton width={110} height={44} aria-hidden sx={{ gridArea: 'figure' }} />
              )}
              <Typography variant="body2" sx={{ gridArea: 'hint', color: 'text.secondary' }}>
                {card.hint}
              </Typography>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
