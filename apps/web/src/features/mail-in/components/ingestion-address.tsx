import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { notify } from '../../../components/ui/toast';
import { userMessage } from '../../../lib/errors';
import { useRotateAddress } from '../api/rotate-address';

/** The shop's own ingestion address: copy it for suppliers, or replace it when it leaked. */
export function IngestionAddress({
  shopId,
  address,
  isAdmin,
}: {
  shopId: number;
  address: string;
  isAdmin: boolean;
}) {
  const rotate = useRotateAddress(shopId);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold text-slate-900">Your OrderBridge address</h2>
      <p className="mt-1 text-sm text-slate-600">
        Ask suppliers to send invoices here, or forward them. PDF, PNG, JPEG and e-invoice XML attachments are
        read; links in the text are not followed.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 basis-64 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm break-all"
          data-testid="ingestion-address"
        >
          {address}
        </code>
        <Button
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(address).then(
              () => notify.success('Address copied.'),
              () => notify.error('Could not copy', 'Select the address and copy it yourself.'),
            )
          }
        >
          <Copy size={16} aria-hidden="true" /> Copy
        </Button>
        {isAdmin ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <RefreshCw size={16} aria-hidden="true" /> New address
          </Button>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Replace this address?"
        description="Mail to the current address is refused from now on; tell your suppliers the new one."
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(undefined, {
                onSuccess: () => {
                  notify.success('You have a new address.');
                  setConfirming(false);
                },
                onError: (e) => notify.error('Could not replace the address', userMessage(e)),
              })
            }
          >
            Replace address
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
