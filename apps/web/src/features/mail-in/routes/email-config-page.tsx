import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { PageHeader, useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useEmailConfig } from '../api/get-email-config';
import { IngestionAddress } from '../components/ingestion-address';
import { MailboxForm } from '../components/mailbox-form';
import { MailboxList } from '../components/mailbox-list';
import { MessageLog } from '../components/message-log';

/** Configuration → Email: the ingestion address, the shop's own mailbox and the received messages. */
export default function EmailConfigPage() {
  useDocumentTitle('Email');
  const { companyId, isAdmin } = useCompany();
  const config = useEmailConfig(companyId);
  return (
    <>
      <PageHeader
        title="Email"
        description="Supplier invoices that arrive by email become orders to review."
      />
      {config.isError ? <Alert tone="error">{userMessage(config.error)}</Alert> : null}
      {config.isPending ? <PageSpinner label="Loading the email configuration" /> : null}
      {config.data ? (
        <div className="space-y-6">
          <IngestionAddress shopId={companyId} address={config.data.ingestionAddress} isAdmin={isAdmin} />
          <section aria-labelledby="mailbox-title" className="space-y-3">
            <h2 id="mailbox-title" className="text-base font-semibold text-slate-900">
              Your own mailbox
            </h2>
            <MailboxList shopId={companyId} mailboxes={config.data.mailboxes} isAdmin={isAdmin} />
            {isAdmin && config.data.mailboxes.length === 0 ? (
              <Card className="p-4">
                <MailboxForm shopId={companyId} />
              </Card>
            ) : null}
          </section>
          <section aria-labelledby="messages-title" className="space-y-3">
            <h2 id="messages-title" className="text-base font-semibold text-slate-900">
              Received messages
            </h2>
            <MessageLog shopId={companyId} />
          </section>
        </div>
      ) : null}
    </>
  );
}
