import type { TReviewOrder } from '@orderbridge/contract';
import { Alert } from '../../../components/ui/alert';
import { ChooseSupplier } from '../../../components/ui/choose-supplier';
import { useAddSupplierEmail, useChooseDocumentSupplier } from '../api/choose-document-supplier';
import { useSupplierOptions } from '../api/get-supplier-options';

/**
 * A document from an unknown email sender has no supplier: a person chooses one before it can become an order.
 * Stays mounted after the choice (the parent decides) so it can offer the sender's address to the supplier.
 */
export function UnknownSender({ shopId, doc }: { shopId: number; doc: TReviewOrder }) {
  const suppliers = useSupplierOptions(shopId, true);
  const choose = useChooseDocumentSupplier(shopId, doc.id);
  const addEmail = useAddSupplierEmail(shopId);
  return (
    <Alert
      tone={doc.supplier ? 'success' : 'warning'}
      title={
        doc.supplier
          ? `From ${doc.supplier.shopSupplierName}`
          : `Unknown sender ${doc.emailSender ?? ''}: choose the supplier`
      }
    >
      {doc.supplier ? null : (
        <p className="mb-2">
          This came by email from an address none of your suppliers uses. It becomes an order of the supplier
          you choose.
        </p>
      )}
      <ChooseSupplier
        id={`document-supplier-${doc.id}`}
        label="Supplier of this document"
        submitLabel="Use this supplier"
        suppliers={suppliers.data}
        choose={(shopSupplierId) => choose.mutateAsync(shopSupplierId)}
        addSecondaryEmail={(shopSupplierId, email) => {
          const supplier = suppliers.data?.find((s) => s.shopSupplierId === shopSupplierId);
          return supplier ? addEmail.mutateAsync({ supplier, email }) : Promise.resolve();
        }}
        chosenText="The supplier was chosen."
      />
    </Alert>
  );
}
