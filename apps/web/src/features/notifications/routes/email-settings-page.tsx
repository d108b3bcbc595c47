import type { TNotificationKind } from '@orderbridge/contract';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useEmailPreferences, useSaveEmailPreferences } from '../api/email-preferences';

/** Notifications → Email settings: which kinds are mailed at once, and the daily summary of the rest. */
export default function EmailSettingsPage() {
  const { companyType, companyId, company, profile, basePath } = useCompany();
  const prefs = useEmailPreferences(companyType, companyId);
  const save = useSaveEmailPreferences(companyType, companyId);
  const [immediate, setImmediate] = useState<Set<TNotificationKind>>(new Set());
  const [dailyDigest, setDailyDigest] = useState(true);

  useEffect(() => {
    if (!prefs.data) return;
    setImmediate(new Set(prefs.data.immediate));
    setDailyDigest(prefs.data.dailyDigest);
  }, [prefs.data]);

  const toggle = (kind: TNotificationKind, on: boolean) =>
    setImmediate((current) => {
      const next = new Set(current);
      if (on) next.add(kind);
      else next.delete(kind);
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { immediate: [...immediate], dailyDigest },
      { onSuccess: () => notify.success('Email settings saved') },
    );
  };

  return (
    <>
      <PageHeader
        title="Email settings"
        description={`Which notifications of ${company.name} are emailed to ${profile.emailAddress}. Everything stays in the app's Notifications either way.`}
        actions={
          <Link
            to={`${basePath}/notifications`}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft size={16} aria-hidden="true" /> Notifications
          </Link>
        }
      />
      {prefs.isPending ? (
        <Card className="flex justify-center p-10">
          <Spinner label="Loading email settings" />
        </Card>
      ) : prefs.isError ? (
        <Alert tone="error">{userMessage(prefs.error)}</Alert>
      ) : (
        <form onSubmit={submit} className="max-w-2xl space-y-4">
          <Card className="p-5">
            <fieldset>
              <legend className="text-base font-semibold text-slate-900">Email me at once when</legend>
              <p className="mt-1 text-sm text-slate-600">
                Each of these sends one email as soon as it happens.
              </p>
              <div className="mt-4 grid gap-1 sm:grid-cols-2">
                {prefs.data.kinds.map(({ kind, label }) => (
                  <label
                    key={kind}
                    className="flex min-h-10 items-center gap-3 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-50"
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={immediate.has(kind)}
                      onChange={(e) => toggle(kind, e.target.checked)}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          </Card>
          <Card className="p-5">
            <label className="flex min-h-10 items-start gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-600"
                checked={dailyDigest}
                onChange={(e) => setDailyDigest(e.target.checked)}
              />
              <span>
                <span className="block text-base font-semibold text-slate-900">Daily summary</span>
                One email each morning (07:00 UTC) with the unread notifications that were not emailed at
                once.
              </span>
            </label>
          </Card>
          {save.isError ? <Alert tone="error">{userMessage(save.error)}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setImmediate(new Set());
                setDailyDigest(false);
              }}
            >
              Turn off all email
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
