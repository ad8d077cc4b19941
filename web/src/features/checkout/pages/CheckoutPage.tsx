import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/PageLoader';

/**
 * The checkout validates with the payment DTOs, whose class-transformer @Type decorators call Reflect.getMetadata
 * while their module loads. reflect-metadata (CommonJS) is loaded first, in its own chunk: the build treats the
 * contracts' modules as side-effect free and may evaluate them before a static `import 'reflect-metadata'`.
 */
const CheckoutView = lazy(() => import('reflect-metadata').then(() => import('./CheckoutView')));

export default function CheckoutPage() {
  return (
    <Suspense fallback={<PageLoader />}>
      <CheckoutView />
    </Suspense>
  );
}
