import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CONTENTS_LABELS, type ProvenanceDecision, type ProvenanceReviewItemDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../api/api';
import { ProductImage } from '../../components/ProductImage';
import { useToast } from '../../hooks/useToast';
import { ConfirmProvenanceDialog } from './ConfirmProvenanceDialog';
import { EvidenceDocument } from './EvidenceDocument';
import { useDecideProvenanceMutation } from './customsApi';

/**
 * One listing in support's provenance queue: the item beside its documents, shown inline so that support compares
 * them before deciding; Approve and Reject each ask once more, naming the item and what the decision does.
 */
export function ProvenanceReviewCard({ item }: { item: ProvenanceReviewItemDto }) {
  const [decide, deciding] = useDecideProvenanceMutation();
  const [asked, setAsked] = useState<ProvenanceDecision | null>(null);
  const toast = useToast();
  const { provenance } = item;
  const documents = provenance.documents ?? [];
  const headingId = `provenance-${item.productId}`;
  const confirm = async () => {
    if (!asked) return;
    try {
      await decide({ productId: item.productId, decision: asked }).unwrap();
      toast({
        title:
          asked === 'approve'
            ? `Approved: ${item.title} shows Checked origin`
            : `Rejected: the documents of ${item.title} no longer count`,
      });
      setAsked(null);
    } catch (error) {
      toast({ title: 'Could not decide', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };
  const bought = [provenance.boughtAt, provenance.boughtCity, provenance.boughtCountry].filter(Boolean).join(', ');
  return (
    <Card component="li" aria-labelledby={headingId} sx={{ listStyle: 'none', p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Box sx={{ width: 64, height: 64, borderRadius: 2, overflow: 'hidden', flexShrink: 0 }}>
          <ProductImage src={item.image} alt="" />
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={`/product/${item.productId}`}>
              {item.title}
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            From {item.country} · contents:{' '}
            {item.contents ? item.contents.map((c) => CONTENTS_LABELS[c]).join(', ') : 'not declared'}
            {bought ? ` · bought at ${bought}` : ''}
            {provenance.boughtOn ? ` in ${provenance.boughtOn}` : ''}
          </Typography>
        </Box>
      </Stack>
      {documents.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No document is attached.</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: documents.length > 1 ? '1fr 1fr' : '1fr' },
          }}
        >
          {documents.map((url, i) => (
            <EvidenceDocument
              key={url}
              url={url}
              name={`document ${i + 1}`}
              label={`Document ${i + 1} of ${item.title}`}
            />
          ))}
        </Box>
      )}
      <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="contained" disabled={deciding.isLoading} onClick={() => setAsked('approve')}>
          Approve
        </Button>
        <Button color="error" disabled={deciding.isLoading} onClick={() => setAsked('reject')}>
          Reject
        </Button>
      </Stack>
      <ConfirmProvenanceDialog
        title={item.title}
        decision={asked}
        busy={deciding.isLoading}
        onCancel={() => setAsked(null)}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
