import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import StarBorderRounded from '@mui/icons-material/StarBorderRounded';
import { asApiError } from '../../../api/api';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { useGetUserRatingQuery, useGetUserReviewsInfiniteQuery } from '../reviewsApi';
import { RatingSummary } from './RatingSummary';
import { ReviewItem } from './ReviewItem';
import { useLoadMore } from '../../../hooks/useLoadMore';

/** A profile's Reviews tab: the rating, then the published reviews about the person, newest first, paged. */
export default function ReviewsTab({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const rating = useGetUserRatingQuery(userId, { refetchOnMountOrArgChange: true });
  const reviews = useGetUserReviewsInfiniteQuery(userId, { refetchOnMountOrArgChange: true });
  const more = useLoadMore(reviews);
  const { user } = useCurrentUser();
  const items = useMemo(() => reviews.data?.pages.flatMap((page) => page.items) ?? [], [reviews.data]);

  if (reviews.isError) return <Alert severity="error">{asApiError(reviews.error)?.message}</Alert>;
  if (reviews.isLoading || rating.isLoading)
    return <Skeleton variant="rounded" height={160} sx={{ borderRadius: 4 }} />;
  if (!items.length)
    return (
      <EmptyState
        icon={<StarBorderRounded />}
        title="No reviews yet"
        description={
          isOwner
            ? 'After an order completes, you and the other person can review each other.'
            : 'This traveller has no reviews yet.'
        }
      />
    );
  return (
    <>
      {rating.data && <RatingSummary rating={rating.data} />}
      {items.map((review, index) => (
        <div key={review.id}>
          {index > 0 && <Divider />}
          <ReviewItem review={review} canReply={isOwner} viewerId={user?.id ?? null} />
        </div>
      ))}
      {reviews.hasNextPage && (
        <LoadMoreButton label="Load More Reviews" isLoading={more.isLoadingMore} onClick={more.loadMore} />
      )}
    </>
  );
}
