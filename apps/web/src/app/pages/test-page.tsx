import { FlaskConical } from 'lucide-react';
import { PlaceholderPage } from '../../components/ui/placeholder-page';

/** `/test` of spec §2: a sandbox page; it only proves the app is running. */
export default function TestPage() {
  return (
    <PlaceholderPage
      title="Test"
      icon={FlaskConical}
      emptyTitle="Everything is running"
      emptyText="This page exists for checks of the deployment."
    />
  );
}
