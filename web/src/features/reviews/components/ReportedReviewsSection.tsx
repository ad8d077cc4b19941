import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportedReviewDto, ReviewAuthorDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { useToast } from '../../../hooks/useToast';
import { useGetReportedReviewsQuery, useModerateReviewMutation } from '../reviewsApi';
import { reviewDate } from '../reviewText';
import { WrittenText } from './ReviewItem';

const nameOf = (person: ReviewAuthorDto | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'A member';

function ReportedReview({ item, headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3'; item: ReportedReviewDto }) {
  const { review, subject, reports, reportCount } = item;
  const [moderate, { isLoading }] = useModerateReviewMutation();
  const toast = useToast();
  const author = nameOf(review.author);
  const act = async (action: 'hide' | 'dismiss') => {
    try {
      await moderate({ reviewId: review.id, subjectId: review.subjectId, action }).unwrap();
      toast(
        action === 'hide'
          ? { title: 'Review hidden', description: 'It no longer shows on the profile or counts in the rating.' }
          : { title: 'Reports dismissed', description: 'The review stays public.' },
      );
    } catch (error) {
      toast({
        title: action === 'hide' ? 'Could not hide the review' : 'Could not dismiss the reports',
        description: asApiError(error)?.serverMessage,
        variant: 'error',
      });
    }
  };
  return (
    <Card component="li" aria-label={`Review by ${author}`} sx={{ listStyle: 'none', p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component={headingLevel} sx={{ overflowWrap: 'anywhere' }}>
        {author} about{' '}
        <Link component={RouterLink} to={`/profile/${review.subjectId}`}>
          {nameOf(subject)}
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {review.authorRole === 'buyer' ? 'The buyer reviewed the seller' : 'The seller reviewed the buyer'}
        {review.publishedAt ? ` · published ${reviewDate(review.publishedAt)}` : ''}
      </Typography>
      <Rating
        value={review.rating}
        readOnly
        size="small"
        sx={{ mt: 1 }}
        aria-label={`${review.rating} out of 5 stars`}
      />
      <WrittenText>{review.text}</WrittenText>
      <Box sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography variant="subtitle2" component="p">
          {reportCount === 1 ? '1 report' : `${reportCount} reports`}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }} aria-label="Reports">
          {reports.map((report) => (
            <Box component="li" key={report.reporterId}>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {reviewDate(report.createdAt)}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {report.reason}
              </Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="contained" color="error" disabled={isLoading} onClick={() => void act('hide')}>
          Hide Review
        </Button>
        <Button variant="outlined" disabled={isLoading} onClick={() => void act('dismiss')}>
          Dismiss Reports
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * Support's queue of reported reviews, oldest report first: hide a review (it leaves the profile and the
 * rating) or dismiss its reports (it stays).
 */
/** `asPage`: the section is its own page (/support/…): its title is the page's h1 and each entry's an h2. */
export function ReportedReviewsSection({ asPage = false }: { asPage?: boolean } = {}) {
  const reported = useGetReportedReviewsQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = reported.data?.items;
  return (
    <Box component="section" aria-labelledby="reported-reviews-heading" sx={{ mt: asPage ? 0 : 6 }}>
      <Typography id="reported-reviews-heading" variant={asPage ? 'h2' : 'h4'} component={asPage ? 'h1' : 'h2'}>
        Reported reviews
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        Reviews members reported, oldest report first. Hide a review that breaks the rules; it no longer shows or counts
        in the rating. Otherwise dismiss the reports.
      </Typography>
      {reported.isError ? (
        <Alert severity="error">{asApiError(reported.error)?.message ?? 'An error occurred'}</Alert>
      ) : !items ? (
        <Skeleton variant="rounded" height={160} sx={{ borderRadius: 4 }} aria-label="Loading reported reviews" />
      ) : items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>No reported reviews.</Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ m: 0, p: 0 }} aria-label="Reported reviews">
          {items.map((item) => (
            <ReportedReview key={item.review.id} item={item} headingLevel={asPage ? 'h2' : 'h3'} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
