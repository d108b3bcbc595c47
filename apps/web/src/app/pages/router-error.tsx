import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { ERROR_TEXT } from '../../lib/errors';
import { NotFoundPage } from './not-found-page';

/** Router default error (spec §8): 'Unexpected Application Error!' with the error's message. */
export function RouterError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-4 py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{ERROR_TEXT.routerDefault}</h1>
      <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        {message}
      </p>
      <p className="mt-3 text-sm text-slate-600">{ERROR_TEXT.fallbackHint}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6 self-start')}>
        Go to home
      </Link>
    </main>
  );
}
