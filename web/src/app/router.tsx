import { lazy } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { DocumentTitle } from '../components/layout/DocumentTitle';
import { Layout } from '../components/layout/Layout';
// Home is in the entry script: it is the first page most visitors see, and its eager part is only the hero.
import HomePage from '../features/catalog/pages/HomePage';

const CategoriesPage = lazy(() => import('../features/catalog/pages/CategoriesPage'));
const ProductPage = lazy(() => import('../features/catalog/pages/ProductPage'));
const SellPage = lazy(() => import('../features/catalog/pages/SellPage'));
const ProfilePage = lazy(() => import('../features/profile/pages/ProfilePage'));
const MessagesPage = lazy(() => import('../features/messages/pages/MessagesPage'));
const HowItWorksPage = lazy(() => import('../features/info/pages/HowItWorksPage'));
const CheckoutPage = lazy(() => import('../features/checkout/pages/CheckoutPage'));
const BundlePage = lazy(() => import('../features/bundle/pages/BundlePage'));
const PaymentSuccessPage = lazy(() => import('../features/checkout/pages/PaymentSuccessPage'));
const OrdersPage = lazy(() => import('../features/orders/pages/OrdersPage'));
const OffersPage = lazy(() => import('../features/offers/pages/OffersPage'));
const SavedSearchesPage = lazy(() => import('../features/alerts/pages/SavedSearchesPage'));
// Their action dialogs check input with the contracts' DTO classes, whose decorators need reflect-metadata loaded
// first (see CheckoutPage).
const OrderPage = lazy(() => import('reflect-metadata').then(() => import('../features/orders/pages/OrderPage')));
const SupportPage = lazy(() => import('reflect-metadata').then(() => import('../features/orders/pages/SupportPage')));
const SupportLayout = lazy(() => import('../features/support/SupportLayout'));
const supportPage = (
  name: 'CardDisputesPage' | 'ProvenancePage' | 'ReportedReviewsPage' | 'ModerationPage' | 'CustomsRulesPage',
) => lazy(() => import('../features/support/pages/SupportQueuePages').then((pages) => ({ default: pages[name] })));
const CardDisputesPage = supportPage('CardDisputesPage');
const ProvenancePage = supportPage('ProvenancePage');
const ReportedReviewsPage = supportPage('ReportedReviewsPage');
const CustomsRulesPage = supportPage('CustomsRulesPage');
const ModerationPage = supportPage('ModerationPage');
const AppealPage = lazy(() => import('../features/moderation/pages/AppealPage'));
const PayoutsPage = lazy(() => import('../features/payouts/pages/PayoutsPage'));
// Its form checks input with the contracts' DTO class (reflect-metadata first, as above).
const TestOnboardingPage = lazy(() =>
  import('reflect-metadata').then(() => import('../features/payouts/pages/TestOnboardingPage')),
);
// The account's pages: their forms check input with the contracts' DTO classes (reflect-metadata first).
const ResetPasswordPage = lazy(() =>
  import('reflect-metadata').then(() => import('../features/auth/pages/ResetPasswordPage')),
);
const linkPage = (name: 'VerifyEmailPage' | 'ConfirmEmailPage' | 'UndoEmailChangePage') =>
  lazy(() =>
    import('reflect-metadata')
      .then(() => import('../features/auth/pages/LinkActionPage'))
      .then((page) => ({ default: page[name] })),
  );
const VerifyEmailPage = linkPage('VerifyEmailPage');
const ConfirmEmailPage = linkPage('ConfirmEmailPage');
const UndoEmailChangePage = linkPage('UndoEmailChangePage');
const AccountSettingsPage = lazy(() =>
  import('reflect-metadata').then(() => import('../features/profile/pages/AccountSettingsPage')),
);
const UnsubscribePage = lazy(() => import('../features/profile/pages/UnsubscribePage'));
const NotFoundPage = lazy(() => import('../features/info/pages/NotFoundPage'));
const TermsPage = lazy(() => import('../features/info/pages/TermsPage'));
const PrivacyPage = lazy(() => import('../features/info/pages/PrivacyPage'));

/** The app's pages (AppRoutes renders the one the address names). */
export const routes: RouteObject[] = [
  {
    // Every page's <title> follows the route (DocumentTitle renders nothing).
    element: (
      <>
        <DocumentTitle />
        <Layout />
      </>
    ),
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/how-it-works', element: <HowItWorksPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/sell', element: <SellPage /> },
      { path: '/product/:id', element: <ProductPage /> },
      // The seller's own listing in the sell form, prefilled.
      { path: '/product/:id/edit', element: <SellPage /> },
      { path: '/profile/payouts', element: <PayoutsPage /> },
      { path: '/profile/:id?', element: <ProfilePage /> },
      { path: '/messages', element: <MessagesPage /> },
      { path: '/bundle', element: <BundlePage /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/orders', element: <OrdersPage /> },
      { path: '/saved-searches', element: <SavedSearchesPage /> },
      { path: '/orders/:ref', element: <OrderPage /> },
      { path: '/offers', element: <OffersPage /> },
      {
        // One page per support queue under one nav with each queue's count; /support opens the first.
        path: '/support',
        element: <SupportLayout />,
        children: [
          { index: true, element: <Navigate to="/support/claims" replace /> },
          { path: 'claims', element: <SupportPage /> },
          { path: 'disputes', element: <CardDisputesPage /> },
          { path: 'provenance', element: <ProvenancePage /> },
          { path: 'reviews', element: <ReportedReviewsPage /> },
          { path: 'reports', element: <ModerationPage /> },
          { path: 'customs-rules', element: <CustomsRulesPage /> },
        ],
      },
      { path: '/appeals/:reportId', element: <AppealPage /> },
      { path: '/payouts/test-onboarding/:token', element: <TestOnboardingPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/confirm-email', element: <ConfirmEmailPage /> },
      { path: '/undo-email-change', element: <UndoEmailChangePage /> },
      { path: '/account', element: <AccountSettingsPage /> },
      { path: '/settings/notifications', element: <Navigate to="/account#notifications" replace /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The page of the current address, inside a BrowserRouter (main.tsx) or a StaticRouter (prerender.tsx). The app uses
 * no loaders, actions or fetchers, so it needs none of the data router (createBrowserRouter): that one cost the phone
 * ~30 kB more script and set-up work (route manifest, history and view-transition state) in the entry's first task.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
