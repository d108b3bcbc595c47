import { TriangleAlert } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function DisputesPage() {
  return (
    <PlaceholderPage
      title="Disputes"
      description="Items with a wrong quantity, damage or a price problem."
      icon={TriangleAlert}
      emptyTitle="No disputes"
      emptyText="When an item of an order is disputed, it appears here with its conversation."
    />
  );
}
