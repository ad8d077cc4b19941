import { useEffect } from 'react';
import { matchPath, useLocation, useSearchParams } from 'react-router';
import { useGetProductQuery } from '../../api/catalogApi';

export const SITE_NAME = 'Souvenir Swap';
/** Home's title, as in index.html (and the prerendered Home). */
export const HOME_TITLE = `${SITE_NAME} · Travel treasures, shipped from home`;

/** Each page's own name, first match wins (the router's paths; a product's title comes from its data). */
const PAGE_NAMES: Array<[pattern: string, name: string]> = [
  ['/categories', 'Categories'],
  ['/how-it-works', 'How It Works'],
  ['/sell', 'Sell an Item'],
  ['/product/:id', 'Souvenir'],
  ['/profile/payouts', 'Payouts'],
  ['/profile/:id?', 'Profile'],
  ['/messages', 'Messages'],
  ['/bundle', 'Your Bundle'],
  ['/checkout', 'Checkout'],
  ['/payment-success', 'Payment'],
  ['/orders', 'Your Orders'],
  ['/orders/:ref', 'Order'],
  ['/offers', 'Offers'],
  ['/support', 'Support'],
  ['/support/:queue', 'Support'],
  ['/appeals/:reportId', 'Appeal a Decision'],
  ['/payouts/test-onboarding/:token', 'Payout Onboarding'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/reset-password', 'Reset Password'],
  ['/verify-email', 'Verify E-mail'],
  ['/confirm-email', 'Confirm E-mail'],
  ['/undo-email-change', 'Undo E-mail Change'],
  ['/account', 'Account Settings'],
  ['/saved-searches', 'Saved searches'],
  ['/unsubscribe', 'Unsubscribe'],
];

/**
 * Sets `document.title` for every route ("Tea bowl from Japan · Souvenir Swap"): tabs, history and bookmarks tell
 * pages apart, and a screen reader announces where a navigation went. A product's title matches the one the
 * gateway writes into the page for link previews (gateway/src/web/product-preview.ts). Renders nothing.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const productId = matchPath('/product/:id', pathname)?.params.id;
  // The product page asks for the same product: this reads the same cache entry, no second request.
  const { data: product } = useGetProductQuery(productId ?? '', { skip: !productId });
  const search = params.get('search')?.trim();

  let title: string | null;
  if (pathname === '/') title = search ? `Results for “${search}” · ${SITE_NAME}` : HOME_TITLE;
  else if (productId && product) title = `${product.title} from ${product.country} · ${SITE_NAME}`;
  // Until the product arrives the title stays as it is: on a first load the gateway already wrote the product's
  // title into the page, which a placeholder would replace for a moment (and a check reading it then sees the placeholder).
  else if (productId) title = null;
  else {
    const name = PAGE_NAMES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? 'Page Not Found';
    const order = matchPath('/orders/:ref', pathname)?.params.ref;
    title = `${order ? `Order ${order}` : name} · ${SITE_NAME}`;
  }

  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  return null;
}
