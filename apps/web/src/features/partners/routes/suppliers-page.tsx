import { Truck } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function SuppliersPage() {
  return (
    <PlaceholderPage
      title="Suppliers"
      description="The suppliers your shop buys from."
      icon={Truck}
      emptyTitle="No suppliers yet"
      emptyText="Add the suppliers you receive invoices from; each one gets an invitation to join OrderBridge."
    />
  );
}
