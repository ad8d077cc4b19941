import FlagOutlined from '@mui/icons-material/FlagOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { ReportSubjectType } from '@souvenir/contracts';
import { lazy, Suspense, useState } from 'react';

// The dialog loads when someone opens it: most visitors never report anything.
const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

interface Props {
  subjectType: ReportSubjectType;
  subjectId: string;
  subjectLabel: string;
  /** The button's accessible name, when "Report" alone would not say what ("Report Ana's message"). */
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/** "Report": opens the report dialog (shown to signed-in people, for what is not theirs). */
export function ReportButton({ subjectType, subjectId, subjectLabel, label, size, variant = 'text' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        color="inherit"
        size={size}
        startIcon={<FlagOutlined />}
        onClick={() => setOpen(true)}
        aria-label={label}
        sx={{ color: 'text.secondary' }}
      >
        Report
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            subjectType={subjectType}
            subjectId={subjectId}
            subjectLabel={subjectLabel}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
