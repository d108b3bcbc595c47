import { FileText, Upload } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';
import { useCompany } from '../../../lib/company-context';

export default function OrdersPage() {
  const { companyType, basePath } = useCompany();
  const isShop = companyType === 'shops';
  const upload = isShop ? (
    <Link to={`${basePath}/upload`} className={buttonClass('primary')}>
      <Upload size={16} aria-hidden="true" /> Upload order
    </Link>
  ) : undefined;
  return (
    <PlaceholderPage
      title="Orders"
      description={
        isShop ? 'Orders and invoices from your suppliers.' : 'Orders your client shops placed with you.'
      }
      icon={FileText}
      emptyTitle="No orders yet"
      emptyText={
        isShop
          ? 'Upload a supplier invoice (PDF or photo) or forward it by email; OrderBridge reads it into an order you can check and process.'
          : 'Orders appear here once your client shops upload or email your invoices.'
      }
      emptyAction={upload}
    />
  );
}
