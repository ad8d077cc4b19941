import { Injectable } from '@nestjs/common';
import { BROWSE_CATEGORIES, type BrowseCategoryCountDto } from '@souvenir/contracts';
import { ProductCountCache } from '../products/product-list-caches';
import { TOTAL_COUNT_BOUND } from '../search/product-search';
import type { ProductFilters } from '../products/queries/product-filters';
import { ProductsRepository } from '../products/products.repository';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly counts: ProductCountCache,
  ) {}

  /**
   * The Categories page's cards with their numbers of active products. Each is the total of a browse with that one
   * category filter, counted as that browse counts it (the same statement, bound and cache entry as
   * `GET /api/products?categories=…`), so a card says what its link shows: "1,000+" past the bound there too, and
   * ten cards cost ten bounded counts, not ten counts of a sixth of the catalogue each.
   */
  async countBrowseCategories(): Promise<BrowseCategoryCountDto[]> {
    return Promise.all(
      BROWSE_CATEGORIES.map(async (name) => {
        const filters: ProductFilters = { searchWords: null, categories: [name] };
        const counted = await this.counts.getUpTo(filters, TOTAL_COUNT_BOUND, () =>
          this.products.countUpTo(filters, TOTAL_COUNT_BOUND),
        );
        return {
          name,
          count: Math.min(counted, TOTAL_COUNT_BOUND),
          ...(counted > TOTAL_COUNT_BOUND ? { countIsLowerBound: true } : {}),
        };
      }),
    );
  }
}
