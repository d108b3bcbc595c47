import { MessagesSquare } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function MessagesPage() {
  return (
    <PlaceholderPage
      title="Messages"
      description="Conversations about disputed items."
      icon={MessagesSquare}
      emptyTitle="No messages"
      emptyText="Messages exchanged with your trading partners about disputes show up here."
    />
  );
}
