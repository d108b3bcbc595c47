import { ShieldX } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { useDocumentTitle } from '../../components/ui/page';

/** NotAuthorizedToAccess: a screen the active company's type may not open. */
export default function NotAuthorizedPage() {
  useDocumentTitle('Not authorized');
  const navigate = useNavigate();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="px-6 py-5">
        <Link to="/" aria-label="OrderBridge home" className="inline-flex rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-24 text-center">
        <ShieldX size={40} aria-hidden="true" className="text-red-600" />
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900">
          Not authorized to access
        </h1>
        <p className="mt-2 max-w-md text-slate-600">
          This page is not available for your company. Shops upload orders and manage suppliers, email and
          integrations; suppliers see returns and credits.
        </p>
        <div className="mt-6 flex gap-3">
          <Button variant="secondary" onClick={() => navigate(-1)}>
            Go back
          </Button>
          <Link to="/" className={buttonClass('primary')}>
            Go to home
          </Link>
        </div>
      </main>
    </div>
  );
}
