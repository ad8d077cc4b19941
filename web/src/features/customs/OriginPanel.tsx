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
  'self-declared': 'Self-declared',
  documented: 'Documented',
  checked: 'Checked',
};

const ICONS = {
  'self-declared': <PersonOutlined fontSize="small" />,
  documented: <ReceiptLongOutlined fontSize="small" />,
  checked: <FactCheckOutlined fontSize="small" />,
};

/** The origin badge in three levels (issue 26): the product's own level as a chip, with what each level means. */
export function OriginBadge({ level }: { level: OriginLevel | null }) {
  if (!level) return null;
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
      <Stack component="ul" spacing={0.5} sx={{ pl: 2.5, my: 1.5 }}>
        {ORIGIN_LEVELS.map((level) => (
          <Typography
            component="li"
            variant="body2"
            key={level}
            sx={{
              color: level === product.originLevel ? 'text.primary' : 'text.secondary',
              fontWeight: level === product.originLevel ? 700 : 400,
            }}
          >
            {ORIGIN_LEVEL_LABELS[level]}: {ORIGIN_LEVEL_SENTENCES[level]}
          </Typography>
        ))}
      </Stack>
      {!product.originLevel && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          The seller has not said this item cleared customs.
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
