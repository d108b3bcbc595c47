import { Package } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function IntegrationProductsPage() {
  return (
    <PlaceholderPage
      title="Integration products"
      icon={Package}
      emptyTitle="No catalogue products"
      emptyText="Products read from the external catalogue will be listed here once the integration syncs."
    />
  );
}
