import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { clearSession } from '../../../lib/storage';
import { signOut } from '../api/sign-out';

/**
 * Ends this device's session (or, with `?everywhere=true`, every session) on the server, forgets it locally
 * and returns to the login page. Signing out happens here, outside the company area, so no screen refetches
 * with a half-cleared session.
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const everywhere = params.get('everywhere') === 'true';
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    signOut(everywhere)
      .catch(() => undefined)
      .finally(() => {
        if (cancelled) return;
        clearSession();
        queryClient.clear();
        navigate('/login', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient, everywhere]);
  return <PageSpinner label="Signing out" />;
}
