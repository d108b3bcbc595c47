import { Undo2 } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function ReturnsPage() {
  return (
    <PlaceholderPage
      title="Returns"
      description="Goods coming back from your client shops."
      icon={Undo2}
      emptyTitle="No returns"
      emptyText="Returns you agree to when resolving a dispute are tracked here."
    />
  );
}
