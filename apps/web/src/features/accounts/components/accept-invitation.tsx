import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AuthShell, linkClass } from '../../../components/ui/auth-shell';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { userMessage } from '../../../lib/errors';
import { sessionKeys } from '../../../lib/profile-query';
import { companyHome } from '../../../lib/session';
import { setStoredCompany } from '../../../lib/storage';
import { acceptInvitation } from '../api/accept-invitation';
import { useInvitation } from '../api/get-invitation';

/** A signed-in user opening an invitation link joins the company with one click. */
export function AcceptInvitation({ token }: { token: string }) {
  const invite = useInvitation(token);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (invite.isPending) return <PageSpinner />;
  if (invite.isError) {
    return (
      <AuthShell title="Invitation not valid">
        <Alert tone="warning">This invitation link is not valid any more. Ask for a new invitation.</Alert>
        <Link to="/" className={`mt-4 inline-block ${linkClass}`}>
          Go to your companies
        </Link>
      </AuthShell>
    );
  }

  const join = async () => {
    setPending(true);
    setError(null);
    try {
      const joined = await acceptInvitation(token);
      setStoredCompany(joined.companyType, joined.companyId);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      navigate(companyHome({ type: joined.companyType, id: joined.companyId }), { replace: true });
    } catch (e) {
      setError(userMessage(e));
      setPending(false);
    }
  };

  return (
    <AuthShell
      title={`Join ${invite.data.companyName}`}
      subtitle={`You were invited to join ${invite.data.companyName} as ${invite.data.email}.`}
    >
      <div className="space-y-4">
        {error ? <Alert tone="error">{error}</Alert> : null}
        <Button className="w-full" loading={pending} onClick={() => void join()}>
          Join {invite.data.companyName}
        </Button>
        <p className="text-center text-sm text-slate-600">
          Not you?{' '}
          <Link to="/logout" className={linkClass}>
            Sign out
          </Link>{' '}
          and open the link again.
        </p>
      </div>
    </AuthShell>
  );
}
