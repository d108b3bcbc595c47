import { CircleCheck, MailX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { AuthShell } from '../../../components/ui/auth-shell';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { userMessage } from '../../../lib/errors';
import { useUnsubscribe, useUnsubscribeState } from '../api/unsubscribe';

/**
 * `/unsubscribe?token=…`, the link at the foot of notification mail: no sign-in. Opening it changes nothing
 * (mail scanners open links); the one button does.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const state = useUnsubscribeState(token);
  const unsubscribe = useUnsubscribe(token);

  if (state.isPending)
    return (
      <AuthShell title="Unsubscribe">
        <Spinner label="Checking the link" />
      </AuthShell>
    );
  if (state.isError)
    return (
      <AuthShell title="Unsubscribe">
        <Alert tone="error">{userMessage(state.error)}</Alert>
        <Link to="/login" className={buttonClass('secondary', 'md', 'mt-5 w-full')}>
          Sign in to change your email settings
        </Link>
      </AuthShell>
    );
  const { email, companyName, unsubscribed } = state.data;
  if (unsubscribed)
    return (
      <AuthShell title="You are unsubscribed">
        <div className="space-y-4 text-sm text-slate-700">
          <CircleCheck size={40} aria-hidden="true" className="text-green-600" />
          <p>
            {email} gets no more email about {companyName}. Notifications still appear in OrderBridge, and you
            can turn email back on in Notifications → Email settings.
          </p>
        </div>
      </AuthShell>
    );
  return (
    <AuthShell title="Unsubscribe from OrderBridge email">
      <div className="space-y-4 text-sm text-slate-700">
        <MailX size={40} aria-hidden="true" className="text-slate-500" />
        <p>
          Stop every notification email to <strong>{email}</strong> about <strong>{companyName}</strong>: the
          ones sent at once and the daily summary.
        </p>
        {unsubscribe.isError ? <Alert tone="error">{userMessage(unsubscribe.error)}</Alert> : null}
        <Button className="w-full" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          Unsubscribe
        </Button>
      </div>
    </AuthShell>
  );
}
