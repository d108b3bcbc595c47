import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo';
import { useDocumentTitle } from './page';

/** Centered card for the account screens (login, register, password flows). */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-6 py-5">
        <Link to="/" className="inline-flex rounded-md" aria-label="OrderBridge home">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:pt-10">
        <div className="w-full max-w-md">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
            {subtitle ? <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
          {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
        </div>
      </main>
      <footer className="flex justify-center gap-4 px-6 py-6 text-xs text-slate-600">
        <Link to="/privacy-policy" className="hover:text-slate-900 hover:underline">
          Privacy policy
        </Link>
        <Link to="/terms" className="hover:text-slate-900 hover:underline">
          Terms
        </Link>
      </footer>
    </div>
  );
}

export const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';
