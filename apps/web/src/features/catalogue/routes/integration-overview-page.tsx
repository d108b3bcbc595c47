import { Plug } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function IntegrationOverviewPage() {
  return (
    <PlaceholderPage
      title="Semtek overview"
      icon={Plug}
      emptyTitle="Not connected"
      emptyText="Connection status, assets and the last sync of the Semtek integration will show here."
    />
  );
}
