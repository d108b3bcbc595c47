import { Bell } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function NotificationsPage() {
  return (
    <PlaceholderPage
      title="Notifications"
      icon={Bell}
      emptyTitle="You're all caught up"
      emptyText="New orders, disputes and messages that need your attention will be listed here."
    />
  );
}
