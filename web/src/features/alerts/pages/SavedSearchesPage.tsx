import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { MAX_SAVED_SEARCHES, savedSearchLabel, type SavedSearchDto } from '@souvenir/contracts';
import { Link as RouterLink } from 'react-router';
import { asApiError } from '../../../api/api';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { useToast } from '../../../hooks/useToast';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { SignInRequired } from '../../orders/components/SignInRequired';
import { useDeleteSavedSearchMutation, useListSavedSearchesQuery } from '../savedSearchesApi';

/** Home's URL that runs the saved search again. */
export function homeLinkOf(search: SavedSearchDto): string {
  const params = new URLSearchParams();
  if (search.search) params.set('search', search.search);
  if (search.country) params.set('country', search.country);
  if (search.minPrice !== null) params.set('minPrice', String(Number(search.minPrice)));
  if (search.maxPrice !== null) params.set('maxPrice', String(Number(search.maxPrice)));
  for (const category of search.categories) params.append('categories', category);
  if (search.condition) params.set('condition', search.condition);
  return `/?${params.toString()}`;
}

/** The account's saved searches: each with its filters and its new matches since the last look, run it or delete. */
export default function SavedSearchesPage() {
  const { user, isLoading } = useCurrentUser();
  const searches = useListSavedSearchesQuery(undefined, { skip: !user, refetchOnMountOrArgChange: true });

  if (isLoading) return <PageLoader />;
  if (!user)
    return (
      <SignInRequired
        title="Saved searches"
        description="Sign in to save searches and hear about new listings that match them."
      />
    );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h2" component="h1">
        Saved searches
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        {`New listings that match a saved search are announced in your notifications. You can keep up to ${MAX_SAVED_SEARCHES}.`}
      </Typography>
      {searches.isError ? (
        <Alert severity="error">{asApiError(searches.error)?.message ?? 'Could not load your saved searches'}</Alert>
      ) : searches.isLoading || !searches.data ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading saved searches">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} variant="rounded" height={112} />
          ))}
        </Stack>
      ) : searches.data.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          icon={<BookmarkBorderRounded />}
          title="No saved searches yet"
          description="Search or filter on Home, then choose “Save this search” to hear about new listings that match."
          action={
            <Button component={RouterLink} to="/" variant="contained">
              Browse souvenirs
            </Button>
          }
        />
      ) : (
        <Stack component="ul" spacing={2} sx={{ p: 0, m: 0, listStyle: 'none' }} aria-label="Your saved searches">
          {searches.data.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

function SavedSearchRow({ search }: { search: SavedSearchDto }) {
  const [remove, { isLoading }] = useDeleteSavedSearchMutation();
  const toast = useToast();
  const label = savedSearchLabel(search);
  const run = async () => {
    try {
      await remove(search.id).unwrap();
    } catch (error) {
      toast({ title: 'Could not delete this search', description: asApiError(error)?.serverMessage, variant: 'error' });
    }
  };
  const filters = [
    search.country && `From ${search.country}`,
    ...search.categories,
    search.condition && `Condition: ${search.condition.replace('-', ' ')}`,
    (search.minPrice !== null || search.maxPrice !== null) &&
      [
        search.minPrice !== null && `From $${Number(search.minPrice)}`,
        search.maxPrice !== null && `up to $${Number(search.maxPrice)}`,
      ]
        .filter(Boolean)
        .join(' '),
  ].filter((text): text is string => !!text);

  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {search.search ? `“${search.search}”` : 'All listings'}
            </Typography>
            <Chip
              size="small"
              color={search.newMatches ? 'primary' : 'default'}
              label={search.newMatches === 1 ? '1 new match' : `${search.newMatches} new matches`}
            />
          </Stack>
          {filters.length > 0 && (
            <Stack
              component="ul"
              direction="row"
              useFlexGap
              spacing={1}
              sx={{ flexWrap: 'wrap', p: 0, m: 0, listStyle: 'none' }}
              aria-label={`Filters of ${label}`}
            >
              {filters.map((text) => (
                <li key={text}>
                  <Chip size="small" variant="outlined" label={text} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            component={RouterLink}
            to={homeLinkOf(search)}
            variant="contained"
            startIcon={<SearchRounded />}
            aria-label={`Run search ${label}`}
          >
            Run search
          </Button>
          <Button
            color="error"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => void run()}
            disabled={isLoading}
            aria-label={`Delete saved search ${label}`}
          >
            Delete
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
