import { lazy, memo, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import TuneRounded from '@mui/icons-material/TuneRounded';
import type { ProductSort } from '@souvenir/contracts';
import { useLocation } from 'react-router';
import { useGetCategoriesQuery, useGetProductsInfiniteQuery, type ProductFilters } from '../../../api/catalogApi';
import { buyerSteps, HowItWorksSteps, sellerSteps } from '../../../components/HowItWorksSteps';
import { TrustFeatures } from '../../../components/TrustFeatures';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import {
  countPanelFilters,
  isImpossibleRange,
  NO_FILTERS,
  useHomeFilters,
  type HomeFilters,
} from '../hooks/useHomeFilters';
import { ActiveFilterChips } from './ActiveFilterChips';
import { SaveSearchButton } from '../../alerts/components/SaveSearchButton';
import { DestinationCards } from './DestinationCards';
import { FilterSidebar, IMPOSSIBLE_RANGE } from './FilterSidebar';
import { HeroSearch } from './HeroSearch';
import { ProductResults } from './ProductResults';
import { ResultsToolbar, resultsSummary, type ViewMode } from './ResultsToolbar';
import { useHydratedValue } from '../../../hooks/useHydrated';
import { useReplayFirstTap } from '../../../hooks/useReplayFirstTap';
import { useLoadMore } from '../../../hooks/useLoadMore';

// The phone's filter drawer (Drawer: Modal, focus trap, transitions) loads on the first tap of "Filters".
const FiltersDrawer = lazy(() => import('./FiltersDrawer'));

export function scrollToProducts() {
  requestAnimationFrame(() =>
    document.getElementById('products')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
  );
}

/** The hero's search form (HomeHero holds its place until this chunk arrives). */
export function HomeHeroSearch() {
  const { filters, update } = useHomeFilters();
  useReplayFirstTap();
  const categories = useGetCategoriesQuery();
  const countries = useMemo(() => categories.data?.map((c) => c.country) ?? [], [categories.data]);
  return (
    <HeroSearch
      search={filters.search}
      country={filters.country}
      countries={countries}
      onSearch={(text, place) => {
        update({ search: text, country: place }, { push: true });
        scrollToProducts();
      }}
    />
  );
}

/**
 * Home below the hero: destinations, the marketplace with its filters, how it works, trust and safety.
 *
 * Each query is read by the part that shows it (`Destinations`, `ProductsPanel`), not here: an update of the store
 * re-renders its readers at once and in one piece (react-redux), and read here each one (the products' request
 * starting, its answer, the categories) re-rendered the whole of Home below the hero, sidebar and sections included,
 * in one of the longest tasks of a phone's first load.
 */
export default function HomeSections() {
  const { filters, update } = useHomeFilters();
  useReplayFirstTap();
  const { hash } = useLocation();
  useEffect(() => {
    // A destinations link, or a Categories card's link to its results.
    if (hash === '#destinations' || hash === '#products')
      requestAnimationFrame(() => document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' }));
  }, [hash]);
  const clearAll = useCallback(() => update(NO_FILTERS, { push: true }), [update]);
  const selectCountry = useCallback(
    (place: string) => {
      update({ country: place }, { push: true });
      scrollToProducts();
    },
    [update],
  );
  // An impossible range (min above max) is explained beside the fields and left out of the query, rather than
  // answered with a silent "0 results".
  const priceRangeImpossible = isImpossibleRange(filters.minPrice, filters.maxPrice);

  return (
    <>
      <Container maxWidth="xl" sx={{ py: { xs: 6, md: 8 } }}>
        <Destinations country={filters.country} onSelect={selectCountry} />
      </Container>
      <Container
        maxWidth="xl"
        component="section"
        id="products"
        aria-labelledby="products-heading"
        sx={{ scrollMarginTop: 88, pb: 4 }}
      >
        <Typography variant="overline" sx={{ color: 'primary.main' }}>
          Marketplace
        </Typography>
        <Typography id="products-heading" variant="h2" sx={{ mb: 3 }}>
          {filters.country ? `Souvenirs from ${filters.country}` : 'Fresh finds from travellers'}
        </Typography>
        <Grid container spacing={4}>
          {/* Beside the results from md up; below it the same filters live in the drawer and the results come first. */}
          <Grid size={{ xs: 12, md: 3 }} sx={{ display: { xs: 'none', md: 'block' } }}>
            <FilterSidebar
              value={filters}
              onChange={update}
              onClearAll={clearAll}
              priceRangeImpossible={priceRangeImpossible}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <ProductsPanel
              filters={filters}
              update={update}
              clearAll={clearAll}
              priceRangeImpossible={priceRangeImpossible}
            />
          </Grid>
        </Grid>
      </Container>
      <HowItWorksSection />
      <TrustSection />
    </>
  );
}

/** The destination cards, with the categories they count (mounted in the background lane, as the product cards). */
function Destinations({ country, onSelect }: { country: string; onSelect: (place: string) => void }) {
  const categories = useGetCategoriesQuery();
  // The hero asks for the same list and may hydrate first: on a slow phone the answer can be in the store before these
  // cards hydrate, which must still render the prerender's skeletons.
  const shown = useDeferredValue(useHydratedValue(categories.data, undefined));
  return (
    <DestinationCards
      categories={shown}
      isLoading={categories.isLoading || (shown === undefined && categories.data !== undefined)}
      country={country}
      onSelect={onSelect}
    />
  );
}

interface ProductsPanelProps {
  filters: HomeFilters;
  update: ReturnType<typeof useHomeFilters>['update'];
  clearAll: () => void;
  priceRangeImpossible: boolean;
}

/** The results beside the sidebar: active filters, the phone's filter drawer, sort and view, the product cards. */
function ProductsPanel({ filters, update, clearAll, priceRangeImpossible }: ProductsPanelProps) {
  const { search, country } = filters;
  const [sort, setSort] = useState<ProductSort>('recent');
  const [view, setView] = useState<ViewMode>('grid');
  const [drawer, setDrawer] = useState<'closed' | 'open' | 'unmounted'>('unmounted');

  // Prices are typed: the list waits until they settle. Each is debounced as a string, not as a new object per
  // render, which restarted the timer on every render and rendered Home again every 400 ms forever.
  const minPrice = useDebouncedValue(filters.minPrice, 400);
  const maxPrice = useDebouncedValue(filters.maxPrice, 400);
  const applyPrices = !isImpossibleRange(minPrice, maxPrice);
  const query: ProductFilters = useMemo(
    () => ({
      search: search.trim(),
      country,
      minPrice: applyPrices ? minPrice : '',
      maxPrice: applyPrices ? maxPrice : '',
      categories: filters.categories,
      condition: filters.condition,
      location: filters.location,
      contents: filters.contents,
      documentedOrigin: filters.documentedOrigin,
      shipsTo: filters.shipsTo,
      sort,
    }),
    [
      search,
      country,
      applyPrices,
      minPrice,
      maxPrice,
      filters.categories,
      filters.condition,
      filters.location,
      filters.contents,
      filters.documentedOrigin,
      filters.shipsTo,
      sort,
    ],
  );

  const products = useGetProductsInfiniteQuery(query);
  const items = useMemo(() => products.data?.pages.flatMap((page) => page.items) ?? [], [products.data]);
  const total = products.data?.pages[0]?.totalCount ?? 0;
  const more = useLoadMore(products);
  // The cards render behind the rest: a store update renders at once and in one piece (react-redux), which with a
  // page of 24 cards was the longest task of a phone's first load. The deferred copy renders in React's background
  // lane, in slices between which the browser paints and answers input; until it has, the skeletons stay.
  const shownItems = useDeferredValue(items);

  const showSkeletons =
    products.isLoading ||
    (products.isFetching && !products.isFetchingNextPage && items.length === 0) ||
    (shownItems.length === 0 && items.length > 0);

  return (
    <>
      <ActiveFilterChips
        filters={filters}
        onChange={update}
        trailing={
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <SaveSearchButton filters={filters} />
          </Box>
        }
        leading={
          <Box sx={{ display: { md: 'none' } }}>
            <Button
              variant="outlined"
              startIcon={<TuneRounded />}
              aria-haspopup="dialog"
              aria-expanded={drawer === 'open'}
              onClick={() => setDrawer('open')}
            >
              {`Filters (${countPanelFilters(filters)})`}
            </Button>
          </Box>
        }
      />
      {priceRangeImpossible && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {`${IMPOSSIBLE_RANGE}, so no price can match. The price range is not applied until you change it.`}
        </Alert>
      )}
      <ResultsToolbar
        summary={
          products.data
            ? resultsSummary(total, {
                isLowerBound: products.data.pages[0]?.totalIsLowerBound,
                search: search.trim(),
                country,
              })
            : null
        }
        sort={sort}
        onSortChange={setSort}
        trailing={
          <Box sx={{ display: { md: 'none' } }}>
            <SaveSearchButton filters={filters} compact />
          </Box>
        }
        view={view}
        onViewChange={setView}
      />
      <ProductResults
        products={shownItems}
        view={view}
        isLoading={showSkeletons}
        error={products.isError ? (products.error as { message?: string } | undefined)?.message : undefined}
        hasMore={Boolean(products.hasNextPage)}
        isLoadingMore={more.isLoadingMore}
        onLoadMore={more.loadMore}
        onRetry={() => void products.refetch()}
        suggestion={products.data?.pages[0]?.suggestion}
        onSearchSuggestion={(text) => update({ search: text }, { push: true })}
      />
      {drawer !== 'unmounted' && (
        <Suspense fallback={null}>
          <FiltersDrawer
            open={drawer === 'open'}
            onClose={() => setDrawer('closed')}
            filters={filters}
            onChange={update}
            onClearAll={clearAll}
            priceRangeImpossible={priceRangeImpossible}
            total={products.isFetching ? null : total}
          />
        </Suspense>
      )}
    </>
  );
}

/** How it works, for buyers and travellers (static: rendered once). */
const HowItWorksSection = memo(function HowItWorksSection() {
  return (
    <Box component="section" aria-labelledby="home-how-heading" sx={{ py: { xs: 8, md: 10 } }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: 5 }}>
          <Typography variant="overline" sx={{ color: 'primary.main' }}>
            How it Works
          </Typography>
          <Typography id="home-how-heading" variant="h2">
            Simple for buyers and travellers
          </Typography>
        </Box>
        <Typography variant="h5" component="h3" sx={{ mb: 2 }}>
          Buying
        </Typography>
        <HowItWorksSteps steps={buyerSteps} />
        <Typography variant="h5" component="h3" sx={{ mb: 2, mt: 5 }}>
          Selling
        </Typography>
        <HowItWorksSteps steps={sellerSteps} accent="secondary" />
      </Container>
    </Box>
  );
});

/** Trust and safety (static: rendered once). */
const TrustSection = memo(function TrustSection() {
  return (
    <Box
      component="section"
      aria-labelledby="home-trust-heading"
      sx={{ bgcolor: 'secondary.dark', py: { xs: 8, md: 10 } }}
    >
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', mb: 6 }}>
          <Typography variant="overline" sx={{ color: 'brand.peach' }}>
            Trust &amp; Safety
          </Typography>
          <Typography id="home-trust-heading" variant="h2" sx={{ color: 'common.white' }}>
            Shop with confidence
          </Typography>
        </Box>
        <TrustFeatures dark />
      </Container>
    </Box>
  );
});
