import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CONTENTS_LABELS, type CustomsNoticeDto, type CustomsRuleKind } from '@souvenir/contracts';

const KIND_TITLES: Record<CustomsRuleKind, string> = {
  'may-not-be-sold': 'May not be sold',
  'may-not-be-posted': 'May not be posted',
  'documents-required': 'Documents required',
  allowed: 'Allowed, with conditions',
};

const KIND_SEVERITY = {
  'may-not-be-sold': 'error',
  'may-not-be-posted': 'warning',
  'documents-required': 'warning',
  allowed: 'info',
} as const;

/** One rule as sellers and buyers read it: what it says, for which contents, and the public source it comes from. */
export function RuleNotice({ notice }: { notice: CustomsNoticeDto }) {
  return (
    <Alert severity={KIND_SEVERITY[notice.kind]} sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
      <Typography variant="subtitle2" component="p">
        {CONTENTS_LABELS[notice.contents]}: {KIND_TITLES[notice.kind]}
      </Typography>
      <Typography variant="body2">{notice.sentence}</Typography>
      <Typography variant="caption" component="p" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        Source:{' '}
        <Link href={notice.sourceUrl} target="_blank" rel="noopener noreferrer">
          {notice.sourceTitle}
        </Link>{' '}
        (checked {notice.lastCheckedOn})
      </Typography>
    </Alert>
  );
}
