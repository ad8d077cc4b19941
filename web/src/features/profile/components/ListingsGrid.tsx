import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { ProductDto } from '@souvenir/contracts';
import { EmptyState } from '../../../components/EmptyState';
import { LoadMoreButton } from '../../../components/LoadMoreButton';
import { ProductCard } from '../../../components/ProductCard';
import { ProductCardSkeleton } from '../../../components/ProductCardSkeleton';

interface Props {
  products: ProductDto[] | undefined;
  isLoading: boolean;
  sold?: boolean;
  empty: { icon: ReactNode; title: string; description: string; action?: ReactNode };
  /** A further page exists: shows "Load More Products" under the grid (as on Home). */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
}

export function ListingsGrid({
  products,
  isLoading,
  sold = false,
  empty,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: Props) {
  const gridSx = {
    display: 'grid',
    gap: 3,
    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
  };
  if (isLoading) {
    return (
      <Box sx={gridSx} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </Box>
    );
  }
  if (!products?.length) return <EmptyState {...empty} />;
  return (
    <>
      <Box sx={gridSx}>
        {products.map((product) => (
          <ProductCard
            key={product.id}
            product={product}
            sold={sold || product.status === 'sold'}
            showFavorite={!sold}
          />
        ))}
      </Box>
      {hasMore && onLoadMore && <LoadMoreButton isLoading={isLoadingMore} onClick={onLoadMore} />}
    </>
  );
}
