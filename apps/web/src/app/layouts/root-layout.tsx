import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ErrorBoundary } from '../../components/ui/error-fallback';
import { PageSpinner } from '../../components/ui/spinner';

/** Top of the tree: a slim progress bar while the next screen loads, and the error fallback. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand-600"
        />
      ) : null}
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <ScrollRestoration />
    </>
  );
}
