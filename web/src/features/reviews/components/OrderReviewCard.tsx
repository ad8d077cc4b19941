import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { OrderDetailDto } from '@souvenir/contracts';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useGetOrderReviewsQuery, useWriteReviewMutation } from '../reviewsApi';
import { reviewDate } from '../reviewText';
import { ReviewForm, type ReviewDraft } from './ReviewForm';
import { ReviewItem, WrittenText } from './ReviewItem';

/**
 * The order page's review card, for the buyer and the seller of a completed order: "Leave a review" while
 * it is due, the caller's hidden review (editable) with when it will be published, then both reviews once public.
 */
export function OrderReviewCard({ order }: { order: OrderDetailDto }) {
  const { user } = useCurrentUser();
  // A guest buyer has no account to review with.
  const party = Boolean(user) && (order.viewer === 'buyer' || order.viewer === 'seller');
  const { data } = useGetOrderReviewsQuery(order.id, {
    skip: !party || order.status !== 'completed',
    refetchOnMountOrArgChange: true,
  });
  const [write, { isLoading }] = useWriteReviewMutation();
  const [editing, setEditing] = useState(false);
  const toast = useToast();
  if (!data || data.status === 'not_completed') return null;

  const buyerName = `${order.buyer.firstName} ${order.buyer.lastName}`.trim();
  const other = order.viewer === 'buyer' ? (order.seller.name ?? 'the seller') : buyerName || 'the buyer';
  const save = async (draft: ReviewDraft) => {
    const mode = data.mine ? 'update' : 'create';
    try {
      const next = await write({ orderId: order.id, ...draft, mode }).unwrap();
      setEditing(false);
      toast({
        title: next.status === 'published' ? 'Review published' : mode === 'create' ? 'Review saved' : 'Review updated',
        variant: 'success',
      });
    } catch (error) {
      toast({ title: 'Could not save the review', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };
  const title = data.status === 'published' ? 'Reviews' : data.mine ? 'Your review' : 'Leave a review';

  return (
    <Card component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {data.status === 'open' && !data.mine && data.canWrite && (
        <>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>
            How did it go with {other}? Reviews stay hidden until you both have written yours, or until{' '}
            {reviewDate(data.windowEndsAt!)}.
          </Typography>
          <ReviewForm submitLabel="Submit Review" busy={isLoading} onSubmit={save} />
        </>
      )}
      {data.status === 'open' && data.mine && (
        <>
          {editing ? (
            <ReviewForm
              initial={{ rating: data.mine.rating, text: data.mine.text }}
              submitLabel="Save Changes"
              busy={isLoading}
              onSubmit={save}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              <Rating value={data.mine.rating} readOnly aria-label={`${data.mine.rating} out of 5 stars`} />
              <WrittenText>{data.mine.text}</WrittenText>
              {data.canWrite && (
                <Button sx={{ mt: 1 }} onClick={() => setEditing(true)}>
                  Edit Review
                </Button>
              )}
            </>
          )}
          <Alert severity="info" sx={{ mt: 2 }}>
            Your review will be published when {other} has written theirs or on {reviewDate(data.windowEndsAt!)}.
          </Alert>
        </>
      )}
      {data.status === 'open' && !data.mine && !data.canWrite && (
        <Typography sx={{ color: 'text.secondary' }}>The time to review this order has ended.</Typography>
      )}
      {data.status === 'published' && (
        <>
          {data.theirs ? (
            <ReviewItem review={data.theirs} canReply />
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{other} did not write a review.</Typography>
          )}
          <Divider />
          {data.mine ? (
            <ReviewItem review={data.mine} />
          ) : (
            <Typography sx={{ color: 'text.secondary', pt: 2 }}>You did not write a review.</Typography>
          )}
        </>
      )}
    </Card>
  );
}
