import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { asApiError } from '../../api/api';
import { EmptyState } from '../../components/EmptyState';
import { ProvenanceReviewCard } from './ProvenanceReviewCard';
import { useGetProvenanceQueueQuery } from './customsApi';

/** /support/provenance: documented listings nobody has reviewed, oldest first, each with its documents inline. */
export function ProvenanceQueueSection() {
  const queue = useGetProvenanceQueueQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="provenance-queue-heading">
      <Typography id="provenance-queue-heading" variant="h2" component="h1">
        Provenance to check
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        Listings with a receipt or customs declaration, oldest first. Compare each document with the item, then approve
        it when they match.
      </Typography>
      {queue.isError ? (
        <Alert severity="error">{asApiError(queue.error)?.message ?? 'An error occurred'}</Alert>
      ) : !queue.data ? (
        <Skeleton variant="rounded" height={320} sx={{ borderRadius: 4 }} aria-label="Loading the provenance queue" />
      ) : queue.data.length === 0 ? (
        <EmptyState
          icon={<TaskAltRounded />}
          headingLevel="h2"
          title="Nothing to check"
          description="Every listing's documents have been reviewed. New ones appear here when a seller attaches a receipt."
        />
      ) : (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Provenance to check">
          {queue.data.map((item) => (
            <ProvenanceReviewCard key={item.productId} item={item} />
          ))}
        </Stack>
      )}
    </section>
  );
}
