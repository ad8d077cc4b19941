import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../hooks/useCurrentUser';

// Its alert, mutation and endpoint load only for the few who need it, not with every page's start.
const VerifyEmailAlert = lazy(() => import('./VerifyEmailAlert'));

/** Shown to a signed-in person until their address is verified, with a way to get the link again. */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  if (!user || user.emailVerified !== false) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailAlert user={user} />
    </Suspense>
  );
}
