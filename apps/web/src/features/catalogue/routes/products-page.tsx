import { Package } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function ProductsPage() {
  return (
    <PlaceholderPage
      title="Products"
      description="Catalogue entries with SKU, price and aliases."
      icon={Package}
      emptyTitle="No products yet"
      emptyText="Products are collected from processed orders and can be linked to your point-of-sale catalogue."
    />
  );
}
