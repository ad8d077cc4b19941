import type { ProductDto, UserDto, UserProfileChangedEvent } from '@souvenir/contracts';
import type { ProductSummaryStatus } from './product-summary.entity';
import type { UserSummary } from './user-summaries.repository';

/** A user's summary as identity's event describes it. */
export function userSummaryOfEvent(event: UserProfileChangedEvent): UserSummary {
  return {
    id: event.userId,
    firstName: event.firstName,
    lastName: event.lastName,
    avatar: event.avatar ?? null,
    version: event.version,
    joinedAt: event.createdAt ?? null,
  };
}

/** A user's summary as identity answered it when asked (no version: see UserSummariesRepository.insertFetched). */
export function userSummaryOfFetched(user: UserDto): Omit<UserSummary, 'version'> {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    joinedAt: user.createdAt,
  };
}

/** A product's summary as catalog answered it when asked. */
export function productSummaryOfFetched(product: ProductDto): {
  id: string;
  sellerId: string;
  title: string;
  status: ProductSummaryStatus;
} {
  return { id: product.id, sellerId: product.seller.id, title: product.title, status: product.status };
}
