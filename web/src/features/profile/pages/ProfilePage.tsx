import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import SellOutlined from '@mui/icons-material/SellOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { asApiError } from '../../../api/api';
import { useGetFavoritesInfiniteQuery } from '../../../api/favoritesApi';
import { useGetUserProductsInfiniteQuery, useGetUserQuery } from '../../../api/usersApi';
import { EmptyState } from '../../../components/EmptyState';
import { PageLoader } from '../../../components/PageLoader';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser';
import { EditProfileDialog } from '../components/EditProfileDialog';
import { ListingsGrid } from '../components/ListingsGrid';
import { ProfileHeader } from '../components/ProfileHeader';
import ReviewsTab from '../../reviews/components/ReviewsTab';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useLoadMore } from '../../../hooks/useLoadMore';

type TabKey = 'active' | 'favorites' | 'sold' | 'reviews';

const TAB_HEADINGS: Record<TabKey, string> = {
  active: 'Active listings',
  favorites: 'Favorites',
  sold: 'Sold items',
  reviews: 'Reviews',
};
export default function ProfilePage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const { user: me, isLoading: meLoading } = useCurrentUser();
  const userId = id ?? me?.id;
  const isOwner = Boolean(me && me.id === userId);
  const skip = !userId;
  const user = useGetUserQuery(userId ?? '', { skip });
  // A user's listings are always refetched when the profile opens (spec section 7). Each tab pages on its own; its
  // first page brings the tab's count (X-Total-Count), shown on the tab and in the header.
  const activeListings = useGetUserProductsInfiniteQuery(
    { id: userId ?? '', status: 'active' },
    { skip, refetchOnMountOrArgChange: true },
  );
  const soldListings = useGetUserProductsInfiniteQuery(
    { id: userId ?? '', status: 'sold' },
    { skip, refetchOnMountOrArgChange: true },
  );
  const [editing, setEditing] = useState(false);

  const active = useMemo(() => activeListings.data?.pages.flatMap((page) => page.items), [activeListings.data]);
  const sold = useMemo(() => soldListings.data?.pages.flatMap((page) => page.items), [soldListings.data]);
  const activeCount = activeListings.data?.pages[0]?.totalCount;
  const soldCount = soldListings.data?.pages[0]?.totalCount;

  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey =
    requested === 'sold' || requested === 'reviews' || (requested === 'favorites' && isOwner) ? requested : 'active';
  const favorites = useGetFavoritesInfiniteQuery(undefined, { skip: tab !== 'favorites' });
  const activeMore = useLoadMore(activeListings);
  const soldMore = useLoadMore(soldListings);
  const favoritesMore = useLoadMore(favorites);
  const listings = tab === 'sold' ? soldListings : activeListings;
  const favoriteItems = useMemo(() => favorites.data?.pages.flatMap((page) => page.items), [favorites.data]);
  const setTab = (next: TabKey) =>
    setParams(
      (prev) => {
        const nextParams = new URLSearchParams(prev);
        if (next === 'active') nextParams.delete('tab');
        else nextParams.set('tab', next);
        return nextParams;
      },
      { replace: true },
    );

  if (meLoading && !id) return <PageLoader />;
  const apiError = asApiError(user.error);
  if (!userId || (user.isError && apiError?.status === 404) || (!user.isLoading && !user.data && !user.isError)) {
    return (
      <Container maxWidth="sm" sx={{ py: 10 }}>
        <EmptyState
          headingLevel="h1"
          icon={<PersonOffOutlined />}
          title="User not found"
          description={!userId ? 'Sign in to see your profile.' : 'This traveller may have left the marketplace.'}
          action={
            <Button component={RouterLink} to="/" variant="contained">
              Back to Browse
            </Button>
          }
        />
      </Container>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      {user.isError && apiError ? (
        <Alert severity="error">{apiError.message}</Alert>
      ) : user.isLoading || !user.data ? (
        <Skeleton variant="rounded" height={260} sx={{ borderRadius: 4.5 }} />
      ) : (
        <>
          <ProfileHeader
            user={user.data}
            isOwner={isOwner}
            canBlock={Boolean(me) && !isOwner}
            activeCount={activeCount}
            soldCount={soldCount}
            onEdit={() => setEditing(true)}
          />
          {isOwner && <EditProfileDialog open={editing} user={user.data} onClose={() => setEditing(false)} />}
        </>
      )}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mt: 4, mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabKey) => setTab(next)}
          aria-label="Profile sections"
          variant="scrollable"
          scrollButtons={false}
        >
          <Tab
            value="active"
            label={`Active Listings${activeCount !== undefined ? ` (${activeCount})` : ''}`}
            id="tab-active"
            aria-controls="panel-active"
          />
          {isOwner && <Tab value="favorites" label="Favorites" id="tab-favorites" aria-controls="panel-favorites" />}
          <Tab
            value="sold"
            label={`Sold${soldCount !== undefined ? ` (${soldCount})` : ''}`}
            id="tab-sold"
            aria-controls="panel-sold"
          />
          <Tab value="reviews" label="Reviews" id="tab-reviews" aria-controls="panel-reviews" />
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {/* For screen readers (the selected tab says the same on screen): without it the cards' h3 titles would
            follow the profile's h1, skipping a level. */}
        <Typography component="h2" sx={visuallyHidden}>
          {TAB_HEADINGS[tab]}
        </Typography>
        {tab === 'reviews' && <ReviewsTab userId={userId} isOwner={isOwner} />}
        {tab !== 'favorites' && tab !== 'reviews' && listings.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {asApiError(listings.error)?.message}
          </Alert>
        )}
        {tab === 'favorites' && favorites.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {asApiError(favorites.error)?.message}
          </Alert>
        )}
        {tab === 'active' && (
          <ListingsGrid
            products={active}
            isLoading={activeListings.isLoading}
            hasMore={Boolean(activeListings.hasNextPage)}
            isLoadingMore={activeMore.isLoadingMore}
            onLoadMore={activeMore.loadMore}
            empty={{
              icon: <Inventory2Outlined />,
              title: 'No active listings',
              description: isOwner
                ? 'Souvenirs you list for sale will show up here.'
                : 'This traveller has nothing for sale right now.',
              action: isOwner ? (
                <Button component={RouterLink} to="/sell" variant="contained">
                  List Item
                </Button>
              ) : undefined,
            }}
          />
        )}
        {tab === 'favorites' && (
          <ListingsGrid
            products={favoriteItems}
            isLoading={favorites.isLoading}
            hasMore={Boolean(favorites.hasNextPage)}
            isLoadingMore={favoritesMore.isLoadingMore}
            onLoadMore={favoritesMore.loadMore}
            empty={{
              icon: <FavoriteBorderRounded />,
              title: 'No favorites yet',
              description: 'Tap the heart on any souvenir to save it here.',
              action: (
                <Button component={RouterLink} to="/" variant="contained">
                  Browse Souvenirs
                </Button>
              ),
            }}
          />
        )}
        {tab === 'sold' && (
          <ListingsGrid
            products={sold}
            isLoading={soldListings.isLoading}
            hasMore={Boolean(soldListings.hasNextPage)}
            isLoadingMore={soldMore.isLoadingMore}
            onLoadMore={soldMore.loadMore}
            sold
            empty={{
              icon: <SellOutlined />,
              title: 'No sold items yet',
              description: isOwner ? 'Items you sell will appear here.' : 'This traveller has not sold anything yet.',
            }}
          />
        )}
      </Box>
    </Container>
  );
}
