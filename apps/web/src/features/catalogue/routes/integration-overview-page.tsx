import type { TIntegration } from '@orderbridge/contract';
import { Download, KeyRound, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { type TPairingCode, useIntegrationActions } from '../api/manage-integration';
import { dateTime } from '../components/format';
import { IntegrationShell } from '../components/integration-shell';
import { Fact } from '../components/list-parts';
import { STATUS_TEXT, StatusDot } from '../components/status-dot';

/** Integrations → Semtek → Overview: status, pairing code, agent download, sync now, disconnect. */
export default function IntegrationOverviewPage() {
  return (
    <IntegrationShell name="Semtek" title="Overview">
      {(i) => <Overview integration={i} />}
    </IntegrationShell>
  );
}

function Overview({ integration: i }: { integration: TIntegration }) {
  const { companyId, isAdmin } = useCompany();
  const actions = useIntegrationActions(companyId, i.id);
  const [code, setCode] = useState<TPairingCode | null>(null);
  const paired = i.accessToken?.status !== null && i.accessToken !== null && i.status !== 'neverConnected';
  const live = paired && i.accessToken?.status !== 'disconnected';
  const agent = i.assets.find((a) => a.type === 'download');

  const pair = async () => {
    try {
      setCode(await actions.pair.mutateAsync());
    } catch (e) {
      notify.error('No pairing code', userMessage(e));
    }
  };
  const disconnect = async () => {
    if (
      !window.confirm(
        `Disconnect ${i.name}? The agent's token stops working at once; pair it again to resume.`,
      )
    )
      return;
    try {
      await actions.disconnect.mutateAsync();
      setCode(null);
      notify.success(`${i.name} disconnected.`);
    } catch (e) {
      notify.error('Could not disconnect', userMessage(e));
    }
  };
  const sync = async () => {
    try {
      await actions.sync.mutateAsync();
      notify.success('The agent will send the catalogue on its next call.');
    } catch (e) {
      notify.error('Could not ask for a sync', userMessage(e));
    }
  };

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-5">
        <Card className="p-5">
          <h2 className="mb-3 text-sm font-semibold text-slate-900">Connection</h2>
          {i.status === 'error' && i.statusReason ? (
            <Alert tone="error" className="mb-4" title="The connection reports an error">
              {i.statusReason}
            </Alert>
          ) : null}
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Fact label="Status">
              <StatusDot status={i.status} />
              <span className="ml-1.5">{STATUS_TEXT[i.status]}</span>
            </Fact>
            <Fact label="Computer">{i.deviceName ?? '—'}</Fact>
            <Fact label="Last heard from">{dateTime(i.lastSeenAt)}</Fact>
            <Fact label="Last catalogue sync">{dateTime(i.lastSyncAt)}</Fact>
            <Fact label="Token valid until">{dateTime(i.accessToken?.expiry)}</Fact>
            <Fact label="Sync asked for">{dateTime(i.syncRequestedAt)}</Fact>
          </dl>
          <p className="mt-4 text-xs text-slate-500">The status is checked every 30 seconds.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {live ? (
              <Button variant="secondary" onClick={sync} loading={actions.sync.isPending}>
                <RefreshCw size={16} aria-hidden="true" /> Sync catalogue now
              </Button>
            ) : null}
            {isAdmin && live ? (
              <Button variant="danger" onClick={disconnect} loading={actions.disconnect.isPending}>
                <Unplug size={16} aria-hidden="true" /> Disconnect
              </Button>
            ) : null}
          </div>
        </Card>
        <Card className="p-5">
          <h2 className="text-sm font-semibold text-slate-900">
            {live ? 'Pair another computer' : 'Connect your POS computer'}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>
              Download the agent onto the computer the POS exports its catalogue to (it needs Node.js 20 or
              later).
            </li>
            <li>Show a pairing code here and start the agent with it, as below.</li>
            <li>
              Point the POS catalogue export at the folder's <code>export</code> subfolder (CSV).
            </li>
          </ol>
          {isAdmin ? (
            <div className="mt-4 space-y-3">
              <Button onClick={pair} loading={actions.pair.isPending}>
                <KeyRound size={16} aria-hidden="true" /> {code ? 'New pairing code' : 'Show pairing code'}
              </Button>
              {code ? <PairingCode code={code} /> : null}
            </div>
          ) : (
            <p className="mt-3 text-sm text-slate-600">An admin of your shop shows the pairing code.</p>
          )}
        </Card>
      </div>
      <Card className="h-fit p-5">
        <h2 className="text-sm font-semibold text-slate-900">The Semtek agent</h2>
        <p className="mt-1 text-sm text-slate-600">
          A small program for the POS computer: it sends the catalogue export and writes goods-received files
          for processed orders.
        </p>
        {agent ? (
          <a href={agent.url} download className={buttonClass('secondary', 'md', 'mt-4 w-full')}>
            <Download size={16} aria-hidden="true" /> Download agent
          </a>
        ) : (
          <Alert tone="error" className="mt-4">
            This integration offers no download.
          </Alert>
        )}
      </Card>
    </div>
  );
}

/** The 8-digit code in large type, when it expires, and the command that uses it. */
function PairingCode({ code }: { code: TPairingCode }) {
  const command = `node orderbridge-semtek-agent.mjs --server ${window.location.origin} --folder C:\\OrderBridge --code ${code.code}`;
  return (
    <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <p className="text-xs font-medium text-slate-600">Pairing code (single use)</p>
      <p
        className="font-mono text-3xl font-semibold tracking-[0.2em] text-slate-900"
        data-testid="pairing-code"
      >
        {code.code}
      </p>
      <p className="text-xs text-slate-600">Valid until {dateTime(code.expiresAt)}.</p>
      <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        <code>{command}</code>
      </pre>
    </div>
  );
}
