import { useRef, useState, type PointerEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import InfoRounded from '@mui/icons-material/InfoRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { ActiveToast } from './ToastProvider';

const DURATION = 5000;
const SWIPE_THRESHOLD = 50;

const icons = { success: CheckCircleRounded, error: ErrorRounded, info: InfoRounded };

interface ToastViewProps {
  toast: ActiveToast;
  open: boolean;
  onClose: () => void;
  onExited: () => void;
  toastRef: RefObject<HTMLDivElement | null>;
}

/** The visible toast (Snackbar, transitions, icons), loaded by ToastProvider when the first toast is shown. */
export default function ToastView({ toast, open, onClose: close, onExited, toastRef }: ToastViewProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [dragX, setDragX] = useState(0);
  const [shownKey, setShownKey] = useState(toast.key);
  const dragStart = useRef<number | null>(null);
  if (shownKey !== toast.key) {
    // A new toast starts undragged.
    setShownKey(toast.key);
    setDragX(0);
  }

  const onPointerDown = (event: PointerEvent) => {
    dragStart.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (dragStart.current !== null) setDragX(Math.max(0, event.clientX - dragStart.current));
  };
  const onPointerUp = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    if (dragX > SWIPE_THRESHOLD) close();
    else setDragX(0);
  };

  const variant = toast.variant ?? 'success';
  const Icon = icons[variant];
  const accent =
    variant === 'error'
      ? theme.palette.error.main
      : variant === 'info'
        ? theme.palette.secondary.main
        : theme.palette.success.main;

  return (
    // Mounted on body when shown, so an open dialog's aria-hidden does not hide it from assistive tech.
    <Portal>
      <Snackbar
        key={toast.key}
        open={open}
        autoHideDuration={DURATION}
        onClose={(_event, reason) => reason !== 'clickaway' && close()}
        slotProps={{ transition: { onExited } }}
        anchorOrigin={wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'center' }}
        sx={{ width: { xs: 'calc(100% - 16px)', md: 'auto' }, maxWidth: { md: 420 } }}
      >
        <Paper
          ref={toastRef}
          role="status"
          aria-live="polite"
          aria-atomic="true"
          tabIndex={-1}
          elevation={8}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          sx={{
            width: '100%',
            minWidth: { md: 340 },
            maxWidth: { md: 420 },
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1.5,
            p: 2,
            pr: 1,
            borderRadius: 3,
            borderLeft: `5px solid ${accent}`,
            touchAction: 'pan-y',
            transform: `translateX(${dragX}px)`,
            opacity: dragX ? Math.max(0.3, 1 - dragX / 200) : 1,
            transition: dragStart.current === null ? 'transform 150ms, opacity 150ms' : 'none',
            outline: 'none',
            '&:focus-visible': { boxShadow: `0 0 0 3px ${accent}55` },
          }}
        >
          <Icon sx={{ color: accent, mt: '2px' }} aria-hidden />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }}>{toast.title}</Typography>
            {toast.description && (
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {toast.description}
              </Typography>
            )}
          </Box>
          <IconButton size="small" aria-label="Dismiss notification" onClick={close}>
            <CloseRounded fontSize="small" />
          </IconButton>
        </Paper>
      </Snackbar>
    </Portal>
  );
}
