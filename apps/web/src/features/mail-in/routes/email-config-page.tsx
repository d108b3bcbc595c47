import { Mail } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function EmailConfigPage() {
  return (
    <PlaceholderPage
      title="Email configuration"
      description="Receive supplier invoices by email."
      icon={Mail}
      emptyTitle="No email account connected"
      emptyText="Connect a mailbox or forward invoices to your OrderBridge address to have them read automatically."
    />
  );
}
