import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { SupportQueue, SupportQueueCountsDto } from '@souvenir/contracts';
import { Link as RouterLink, useLocation } from 'react-router';

/** The pages of /support: each queue with what waits in it, then the rules editor (not a queue: no count). */
export const SUPPORT_PAGES: ReadonlyArray<{ path: string; label: string; queue?: SupportQueue }> = [
  { path: '/support/claims', label: 'Claims', queue: 'claims' },
  { path: '/support/disputes', label: 'Card disputes', queue: 'disputes' },
  { path: '/support/provenance', label: 'Provenance', queue: 'provenance' },
  { path: '/support/reviews', label: 'Reported reviews', queue: 'reviews' },
  { path: '/support/reports', label: 'Reports', queue: 'reports' },
  { path: '/support/customs-rules', label: 'Customs rules' },
];

/**
 * Links, not tabs: each queue is its own page (a bookmark, a new tab). Each shows what waits in it, and its name says
 * so ("Claims 3 waiting") so a screen reader hears the count with the queue; on a phone the row scrolls, never wraps.
 */
export function SupportNav({ counts }: { counts: SupportQueueCountsDto | undefined }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Support queues" sx={{ mb: { xs: 3, md: 4 }, mx: { xs: -2, sm: 0 } }}>
      <Box
        component="ul"
        sx={{ display: 'flex', gap: 1, m: 0, px: { xs: 2, sm: 0 }, pb: 1, listStyle: 'none', overflowX: 'auto' }}
      >
        {SUPPORT_PAGES.map((page) => {
          const current = pathname.startsWith(page.path);
          const count = page.queue && counts ? counts[page.queue] : undefined;
          return (
            <Box component="li" key={page.path} sx={{ flexShrink: 0 }}>
              <Button
                component={RouterLink}
                to={page.path}
                aria-current={current ? 'page' : undefined}
                variant={current ? 'contained' : 'outlined'}
                sx={{ whiteSpace: 'nowrap', minHeight: 44 }}
              >
                {page.label}
                {count !== undefined && ' '}
                {count !== undefined && (
                  <Box
                    component="span"
                    sx={{
                      ml: 0.5,
                      px: 0.875,
                      minWidth: 24,
                      borderRadius: 999,
                      fontWeight: 800,
                      textAlign: 'center',
                      bgcolor: current ? 'common.white' : count > 0 ? 'primary.main' : 'action.selected',
                      color: current ? 'primary.dark' : count > 0 ? 'primary.contrastText' : 'text.primary',
                    }}
                  >
                    {count}
                  </Box>
                )}
                {count !== undefined && (
                  <Box component="span" sx={visuallyHidden}>
                    {' '}
                    waiting
                  </Box>
                )}
              </Button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
