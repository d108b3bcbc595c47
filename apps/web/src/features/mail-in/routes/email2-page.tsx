import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PageHeader, useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useEmailConfig } from '../api/get-email-config';
import { MailboxForm } from '../components/mailbox-form';
import { MailboxList } from '../components/mailbox-list';

/** Email2: every mailbox connection of the shop — add, test, remove. */
export default function Email2Page() {
  useDocumentTitle('Email accounts');
  const { companyId, isAdmin } = useCompany();
  const config = useEmailConfig(companyId);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Email accounts"
        description="Mailboxes OrderBridge reads for supplier invoices."
        actions={
          isAdmin ? (
            <Button onClick={() => setAdding(true)}>
              <Plus size={16} aria-hidden="true" /> Add mailbox
            </Button>
          ) : null
        }
      />
      {config.isError ? <Alert tone="error">{userMessage(config.error)}</Alert> : null}
      {config.isPending ? <PageSpinner label="Loading mailboxes" /> : null}
      {config.data ? (
        <MailboxList shopId={companyId} mailboxes={config.data.mailboxes} isAdmin={isAdmin} />
      ) : null}
      <Dialog
        open={adding}
        onOpenChange={setAdding}
        title="Add a mailbox"
        description="Saving tests the connection."
      >
        <MailboxForm shopId={companyId} onDone={() => setAdding(false)} />
      </Dialog>
    </>
  );
}
