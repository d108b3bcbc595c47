import { useQuery } from '@tanstack/react-query';
import { ArrowRight, FileScan, MessageSquareWarning, Undo2 } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Logo } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { profileQueryOptions } from '../../../lib/profile-query';
import { destinationFor, hasValidToken } from '../../../lib/session';

const features = [
  {
    Icon: FileScan,
    title: 'Invoices read for you',
    text: 'Upload a PDF or a photo, or forward the email. Every line becomes a structured order you can check in seconds.',
  },
  {
    Icon: MessageSquareWarning,
    title: 'Disputes with context',
    text: 'Flag a short delivery or a damaged item with a photo, and settle it with your supplier in one thread.',
  },
  {
    Icon: Undo2,
    title: 'Returns and credits tracked',
    text: 'Suppliers answer with credit notes and returns, so both sides always agree on what is owed.',
  },
];

/** `/`: the landing page without a valid token; otherwise the stored company or select-company. */
export default function HomePage() {
  const signedIn = hasValidToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn, retry: false });
  useDocumentTitle('');
  if (signedIn && profile.isPending) return <PageSpinner />;
  if (signedIn && profile.isSuccess && profile.data)
    return <Navigate to={destinationFor(profile.data)} replace />;
  return <Landing />;
}

function Landing() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Logo />
        <nav aria-label="Account" className="flex items-center gap-2">
          <Link to="/login" className={buttonClass('ghost', 'md', 'max-sm:px-3')}>
            Sign in
          </Link>
          <Link to="/register" className={buttonClass('primary', 'md', 'max-sm:px-3')}>
            Get started
          </Link>
        </nav>
      </header>
      <main>
        <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1fr_26rem]">
          <div>
            <p className="text-sm font-semibold text-brand-700">For shops and their suppliers</p>
            <h1 className="mt-3 max-w-3xl text-3xl font-semibold tracking-tight text-slate-900 sm:text-5xl">
              Purchase orders and invoices, without the paperwork.
            </h1>
            <p className="mt-5 max-w-2xl text-base text-slate-600 sm:text-lg">
              OrderBridge reads the invoices your suppliers send, turns them into orders you can check and
              process, and keeps disputes, returns and credits in one place that both sides can see.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/register" className={buttonClass('primary', 'lg')}>
                Create a free account <ArrowRight size={18} aria-hidden="true" />
              </Link>
              <Link to="/login" className={buttonClass('secondary', 'lg')}>
                Sign in
              </Link>
            </div>
          </div>
          <OrdersPreview />
        </section>
        <section aria-labelledby="features-title" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="features-title" className="sr-only">
              What OrderBridge does
            </h2>
            <ul className="grid gap-6 md:grid-cols-3">
              {features.map(({ Icon, title, text }) => (
                <li key={title} className="rounded-xl border border-slate-200 bg-white p-6">
                  <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon size={20} aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1.5 text-sm text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </main>
      <footer className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-8 text-sm text-slate-600 sm:px-6">
        <span>© {new Date().getFullYear()} OrderBridge</span>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/privacy-policy" className="hover:text-slate-900 hover:underline">
            Privacy policy
          </Link>
          <Link to="/terms" className="hover:text-slate-900 hover:underline">
            Terms
          </Link>
        </nav>
      </footer>
    </div>
  );
}

const previewRows = [
  {
    supplier: 'Fresh Farm Supplies',
    number: 'INV-20418',
    total: '€ 1,284.50',
    status: 'Processed',
    tone: 'green',
  },
  {
    supplier: 'Northside Dairy',
    number: 'INV-7731',
    total: '€ 342.10',
    status: 'Needs review',
    tone: 'amber',
  },
  { supplier: 'Baker & Sons', number: 'INV-0932', total: '€ 96.00', status: 'Disputed', tone: 'red' },
] as const;

const toneClass = {
  green: 'bg-green-50 text-green-800 ring-green-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
} as const;

/** A static picture of the orders list, to show what the product looks like (decorative). */
function OrdersPreview() {
  return (
    <div
      aria-hidden="true"
      className="hidden rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:block"
    >
      <div className="mb-3 flex items-center justify-between">
        <span className="text-sm font-semibold text-slate-900">Orders</span>
        <span className="rounded-md bg-brand-600 px-2 py-1 text-xs font-medium text-white">Upload order</span>
      </div>
      <ul className="divide-y divide-slate-100">
        {previewRows.map((r) => (
          <li key={r.number} className="flex items-center gap-3 py-2.5">
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-slate-900">{r.supplier}</span>
              <span className="block text-xs text-slate-600">{r.number}</span>
            </span>
            <span className="tabular text-sm text-slate-800">{r.total}</span>
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${toneClass[r.tone]}`}>
              {r.status}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
