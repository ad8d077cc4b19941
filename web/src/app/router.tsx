import { lazy } from 'react';
import type { RouteObject } from 'react-router';
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
const PaymentSuccessPage = lazy(() => import('../features/checkout/pages/PaymentSuccessPage'));
const NotFoundPage = lazy(() => import('../features/info/pages/NotFoundPage'));

/** The app's pages; the browser router is made from them in main.tsx, the prerendered Home in prerender.tsx. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/how-it-works', element: <HowItWorksPage /> },
      { path: '/sell', element: <SellPage /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/profile/:id?', element: <ProfilePage /> },
      { path: '/messages', element: <MessagesPage /> },
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
