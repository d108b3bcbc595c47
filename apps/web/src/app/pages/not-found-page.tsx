import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useDocumentTitle } from '../../components/ui/page';

/** Any path outside the route tree. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-6 py-5">
        <Link to="/" aria-label="OrderBridge home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-24 text-center">
        <svg
          width="40"
          height="40"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="text-brand-600"
        >
          <circle cx="12" cy="12" r="10" />
          <path d="m16.24 7.76-2.12 6.36-6.36 2.12 2.12-6.36z" />
        </svg>
        <p className="mt-4 text-sm font-semibold text-brand-700">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-2 max-w-md text-slate-600">
          The page you are looking for does not exist or has moved. Check the address, or start again from
          home.
        </p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Go to home
        </Link>
      </main>
    </div>
  );
}
