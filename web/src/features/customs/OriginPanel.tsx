import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import {
  CONTENTS_LABELS,
  CONTENTS_NOT_DECLARED,
  CUSTOMS_DISCLAIMER,
  ORIGIN_LEVEL_SENTENCES,
  ORIGIN_LEVELS,
  type OriginLevel,
  type ProductDto,
} from '@souvenir/contracts';
import { useGetProductCustomsQuery } from './customsApi';
import { RuleNotice } from './RuleNotice';

export const ORIGIN_LEVEL_LABELS: Record<OriginLevel, string> = {
  // The same words as the card's chip (CustomsChip): never "Verified", which is the seller's earned badge.
  'self-declared': 'Customs declared by seller',
  documented: 'Documented',
  checked: 'Checked',
};

const ICONS = {
  'self-declared': <PersonOutlined fontSize="small" />,
  documented: <ReceiptLongOutlined fontSize="small" />,
  checked: <FactCheckOutlined fontSize="small" />,
};

/**
 * The origin badge where a document backs it: Documented or Checked. Declared by the seller alone is what
 * the customs chip beside it already says (one claim, one chip).
 */
export function OriginBadge({ level }: { level: OriginLevel | null }) {
  if (level !== 'documented' && level !== 'checked') return null;
  return (
    <Chip
      icon={ICONS[level]}
      label={`Origin: ${ORIGIN_LEVEL_LABELS[level]}`}
      color={level === 'checked' ? 'success' : level === 'documented' ? 'info' : 'default'}
      size="small"
      data-testid="origin-badge"
    />
  );
}

/** What the seller declared the item contains; a listing made through the API without contents says so. */
function contentsSentence(contents: ProductDto['contents']): string {
  if (contents === null) return `${CONTENTS_NOT_DECLARED}.`;
  if (contents.includes('none')) return 'Contents, as the seller declares: none of the listed kinds.';
  return `Contents, as the seller declares: ${contents.map((c) => CONTENTS_LABELS[c]).join(', ')}.`;
}

/**
 * The product page's customs panel: the origin level and what each level means, where it was bought, and the rules
 * of the seller's country for its contents (may not be posted, documents required), with their sources.
 */
export function CustomsPanel({ product }: { product: ProductDto }) {
  const customs = useGetProductCustomsQuery(product.id);
  const notices = customs.data?.notices ?? [];
  const provenance = customs.data?.provenance;
  const bought = provenance
    ? [provenance.boughtAt, provenance.boughtCity, provenance.boughtCountry].filter(Boolean).join(', ')
    : '';
  return (
    <Card component="section" aria-labelledby="origin-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="origin-heading" variant="h6" component="h2">
        Origin and customs
      </Typography>
      {/* Every level with what it means; the one that applies is marked, so the others read as steps up or down. */}
      <Stack component="ul" spacing={1} sx={{ p: 0, my: 1.5, listStyle: 'none' }} data-testid="origin-levels">
        {ORIGIN_LEVELS.map((level) => {
          const applies = level === product.originLevel;
          return (
            <Stack
              component="li"
              key={level}
              direction="row"
              spacing={1}
              aria-current={applies ? 'true' : undefined}
              data-applies={applies || undefined}
              sx={{
                alignItems: 'flex-start',
                p: 1,
                borderRadius: 2,
                border: '1px solid',
                borderColor: applies ? 'secondary.main' : 'transparent',
                bgcolor: applies ? 'tint.moving.bg' : 'transparent',
              }}
            >
              <Box sx={{ color: applies ? 'secondary.dark' : 'text.secondary', display: 'flex', pt: 0.25 }}>
                {ICONS[level]}
              </Box>
              <Typography variant="body2" sx={{ color: applies ? 'text.primary' : 'text.secondary' }}>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {ORIGIN_LEVEL_LABELS[level]}
                  {applies ? ' (this item)' : ''}:
                </Box>{' '}
                {ORIGIN_LEVEL_SENTENCES[level]}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
      {!product.originLevel && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="origin-none">
          None of these applies: the seller has not said this item cleared customs.
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="product-contents">
        {contentsSentence(product.contents)}
      </Typography>
      {(bought || provenance?.boughtOn) && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Bought {bought ? `at ${bought}` : ''}
          {provenance?.boughtOn ? ` in ${provenance.boughtOn}` : ''}.
        </Typography>
      )}
      {customs.data?.hasDocuments && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="documents-attached">
          A receipt or customs declaration is attached. It stays private: only our support team sees it.
        </Typography>
      )}
      {notices.length > 0 && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {notices.map((notice) => (
            <RuleNotice key={notice.contents} notice={notice} />
          ))}
        </Stack>
      )}
      <Box sx={{ mt: 1.5 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {product.shipsFrom ? `Ships within ${product.shipsFrom} only. ` : ''}
          {CUSTOMS_DISCLAIMER}
        </Typography>
      </Box>
    </Card>
  );
}
