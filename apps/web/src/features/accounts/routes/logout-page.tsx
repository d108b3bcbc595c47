import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { clearSession } from '../../../lib/storage';
import { signOut } from '../api/sign-out';

/** Ends this device's session on the server, forgets it locally and returns to the login page. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    signOut()
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
  }, [navigate, queryClient]);
  return <PageSpinner label="Signing out" />;
}
