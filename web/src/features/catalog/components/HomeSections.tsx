import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ProductSort } from '@souvenir/contracts';
import { useLocation, useSearchParams } from 'react-router';
import { useGetCategoriesQuery, useGetProductsInfiniteQuery, type ProductFilters } from '../../../api/catalogApi';
import { buyerSteps, HowItWorksSteps, sellerSteps } from '../../../components/HowItWorksSteps';
import { TrustFeatures } from '../../../components/TrustFeatures';
import { useDebouncedValue } from '../../../hooks/useDebouncedValue';
import { DestinationCards } from './DestinationCards';
import { emptyFilters, FilterSidebar, type SidebarFilters } from './FilterSidebar';
import { HeroSearch } from './HeroSearch';
import { ProductResults } from './ProductResults';
import { ResultsToolbar, type ViewMode } from './ResultsToolbar';

function scrollToProducts() {
  requestAnimationFrame(() => document.getElementById('products')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
}

function summaryText(total: number, search: string, country: string) {
  let text = `Showing ${total} ${total === 1 ? 'result' : 'results'}`;
  if (search) text += ` for "${search}"`;
  if (country) text += ` in ${country}`;
  return text;
}

/** Home's search text and country, kept in the URL (`?search=&country=`), so a search can be shared and reloaded. */
function useHomeUrl() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const country = params.get('country') ?? '';
  const setUrl = (nextSearch: string, nextCountry: string) => {
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (nextSearch.trim()) next.set('search', nextSearch.trim());
      else next.delete('search');
      if (nextCountry) next.set('country', nextCountry);
      else next.delete('country');
      return next;
    });
  };
  return { search, country, setUrl };
}

/** The hero's search form (HomeHero holds its place until this chunk arrives). */
export function HomeHeroSearch() {
  const { search, country, setUrl } = useHomeUrl();
  const categories = useGetCategoriesQuery();
  const countries = useMemo(() => categories.data?.map((c) => c.country) ?? [], [categories.data]);
  return (
    <HeroSearch
      search={search}
      country={country}
      countries={countries}
      onSearch={(text, place) => {
        setUrl(text, place);
        scrollToProducts();
      }}
    />
  );
}

/** Home below the hero: destinations, the marketplace with its filters, how it works, trust and safety. */
export default function HomeSections() {
  const { search, country, setUrl } = useHomeUrl();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#destinations') requestAnimationFrame(() => document.getElementById('destinations')?.scrollIntoView({ block: 'start' }));
  }, [hash]);
  const [filters, setFilters] = useState<SidebarFilters>(emptyFilters);
  const [sort, setSort] = useState<ProductSort>('recent');
  const [view, setView] = useState<ViewMode>('grid');

  const debouncedPrices = useDebouncedValue({ minPrice: filters.minPrice, maxPrice: filters.maxPrice }, 400);
  const query: ProductFilters = useMemo(
    () => ({
      search: search.trim(),
      country,
      minPrice: debouncedPrices.minPrice,
      maxPrice: debouncedPrices.maxPrice,
      categories: filters.categories,
      condition: filters.condition,
      location: filters.location,
      sort,
    }),
    [search, country, debouncedPrices.minPrice, debouncedPrices.maxPrice, filters.categories, filters.condition, filters.location, sort],
  );

  const categories = useGetCategoriesQuery();
  const products = useGetProductsInfiniteQuery(query);
  const items = useMemo(() => products.data?.pages.flatMap((page) => page.items) ?? [], [products.data]);
  const total = products.data?.pages[0]?.totalCount ?? 0;

  const showSkeletons = products.isLoading || (products.isFetching && !products.isFetchingNextPage && items.length === 0);

  return (
    <>
      <Container maxWidth="xl" sx={{ py: { xs: 6, md: 8 } }}>
        <DestinationCards
          categories={categories.data}
          isLoading={categories.isLoading}
          country={country}
          onSelect={(place) => {
            setUrl(search, place);
            scrollToProducts();
          }}
        />
      </Container>
      <Container maxWidth="xl" component="section" id="products" aria-labelledby="products-heading" sx={{ scrollMarginTop: 88, pb: 4 }}>
        <Typography variant="overline" sx={{ color: 'primary.main' }}>
          Marketplace
        </Typography>
        <Typography id="products-heading" variant="h2" sx={{ mb: 3 }}>
          {country ? `Souvenirs from ${country}` : 'Fresh finds from travellers'}
        </Typography>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <FilterSidebar value={filters} onChange={setFilters} />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <ResultsToolbar
              summary={products.data ? summaryText(total, search.trim(), country) : null}
              sort={sort}
              onSortChange={setSort}
              view={view}
              onViewChange={setView}
            />
            <ProductResults
              products={items}
              view={view}
              isLoading={showSkeletons}
              error={products.isError ? (products.error as { message?: string } | undefined)?.message : undefined}
              hasMore={Boolean(products.hasNextPage)}
              isLoadingMore={products.isFetchingNextPage}
              onLoadMore={() => void products.fetchNextPage()}
              onRetry={() => void products.refetch()}
            />
          </Grid>
        </Grid>
      </Container>
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
      <Box component="section" aria-labelledby="home-trust-heading" sx={{ bgcolor: 'secondary.dark', py: { xs: 8, md: 10 } }}>
        <Container maxWidth="lg">
          <Box sx={{ textAlign: 'center', mb: 6 }}>
            <Typography variant="overline" sx={{ color: '#F2B591' }}>
              Trust &amp; Safety
            </Typography>
            <Typography id="home-trust-heading" variant="h2" sx={{ color: '#fff' }}>
              Shop with confidence
            </Typography>
          </Box>
          <TrustFeatures dark />
        </Container>
      </Box>
    </>
  );
}
