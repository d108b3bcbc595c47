import { Upload } from 'lucide-react';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

export default function UploadPage() {
  return (
    <PlaceholderPage
      title="Upload order"
      description="Send a supplier invoice to be read into an order."
      icon={Upload}
      emptyTitle="Uploading is almost here"
      emptyText="PDF, PNG, JPG and JPEG files will be accepted here. Uploaded orders become available within an hour."
    />
  );
}
