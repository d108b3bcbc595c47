import { History } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function SyncHistoryPage() {
  return (
    <PlaceholderPage
      title="Sync history"
      icon={History}
      emptyTitle="No syncs yet"
      emptyText="Every product sync and order push with its status and duration will be listed here."
    />
  );
}
