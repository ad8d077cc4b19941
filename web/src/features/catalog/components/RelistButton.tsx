import Button from '@mui/material/Button';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useRelistProductMutation } from '../relistApi';

/** Shown to the seller of an item whose order was refunded: back on sale in one tap, with the server's say. */
export function RelistButton({ productId }: { productId: string }) {
  const [relist, { isLoading }] = useRelistProductMutation();
  const toast = useToast();
  const run = async () => {
    try {
      await relist(productId).unwrap();
      toast({ title: 'Back on sale', description: 'Your listing shows in browse and search again.' });
    } catch (error) {
      toast({ title: 'Could not relist', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };
  return (
    <Button
      variant="contained"
      startIcon={<ReplayRounded />}
      onClick={() => void run()}
      disabled={isLoading}
      sx={{ mt: 1.5, display: 'flex' }}
    >
      Put Back on Sale
    </Button>
  );
}
