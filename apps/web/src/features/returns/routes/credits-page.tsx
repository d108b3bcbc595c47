import { ReceiptText } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function CreditsPage() {
  return (
    <PlaceholderPage
      title="Credits"
      description="Credit notes issued to your client shops."
      icon={ReceiptText}
      emptyTitle="No credits"
      emptyText="Credit notes you issue to settle disputes are tracked here."
    />
  );
}
