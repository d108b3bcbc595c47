import { Mail } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function Email2Page() {
  return (
    <PlaceholderPage
      title="Email accounts"
      description="Mailboxes polled for incoming orders."
      icon={Mail}
      emptyTitle="No mailboxes"
      emptyText="IMAP mailboxes you add are checked regularly for new supplier invoices."
    />
  );
}
