import { useQuery } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { ProfileMenu } from '../../features/accounts/components/profile-menu';
import { profileQueryOptions } from '../../lib/profile-query';

/** Token-guarded pages outside a company (onboarding, contact form, select company). */
export default function AccountLayout() {
  const profile = useQuery(profileQueryOptions());
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Link to="/" aria-label="OrderBridge home" className="inline-flex rounded-md">
            <Logo />
          </Link>
          {profile.data ? <ProfileMenu profile={profile.data} /> : null}
        </div>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
