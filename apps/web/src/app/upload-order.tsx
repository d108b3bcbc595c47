import { UploadOrderDialog } from '../features/orders/components/upload-order-dialog';
import { SupplierPicker } from '../features/partners';

/**
 * The upload dialog composed with the partners feature's supplier picker. Features never import each other
 * (ARCHITECTURE §2), so the app layer joins them; loaded lazily the first time the dialog opens.
 */
export default function UploadOrder({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return <UploadOrderDialog open={open} onOpenChange={onOpenChange} SupplierPicker={SupplierPicker} />;
}
