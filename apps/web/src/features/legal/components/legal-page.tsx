import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../components/ui/page';

export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto max-w-3xl px-4 py-5 sm:px-6">
        <Link to="/" aria-label="OrderBridge home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">Last updated {updated}</p>
        <div className="mt-8 space-y-6 text-[15px] leading-7 text-slate-700 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900">
          {children}
        </div>
      </main>
    </div>
  );
}
