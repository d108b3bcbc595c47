import { Plug } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function IntegrationsPage() {
  return (
    <PlaceholderPage
      title="Integrations"
      description="Connect your point-of-sale product catalogue."
      icon={Plug}
      emptyTitle="No integrations connected"
      emptyText="Connect an integration such as Semtek to sync products and push processed orders."
    />
  );
}
