import { useState } from 'react';
import { userMessage } from '../../lib/errors';
import { Button } from './button';
import { notify } from './toast';

type TChoice = { shopSupplierId: number; supplierName: string };

/**
 * Mail from an unknown sender: a person picks one of the shop's suppliers, then may keep the sender's address as
 * that supplier's secondary email, so the next mail from it finds its supplier by itself. Used by the email page
 * (a whole message) and the review screen (one document).
 */
export function ChooseSupplier({
  id,
  label,
  submitLabel,
  suppliers,
  choose,
  addSecondaryEmail,
  chosenText,
}: {
  /** Unique on the page: ties the select to its label. */
  id: string;
  label: string;
  submitLabel: string;
  suppliers: TChoice[] | undefined;
  /** Resolves with the address to offer as a secondary email (null when there is none to offer). */
  choose: (shopSupplierId: number) => Promise<{ offerSecondaryEmail: string | null }>;
  addSecondaryEmail: (shopSupplierId: number, email: string) => Promise<unknown>;
  chosenText: string;
}) {
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<{ email: string; supplier: TChoice } | null>(null);
  // Chosen, and the offer answered (or none made): nothing more to ask. Parents keep this mounted after the
  // choice (the thing is no longer unknown) so that the offer can be answered.
  const [done, setDone] = useState(false);

  if (done) return null;
  if (offer)
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>
          Use <strong>{offer.email}</strong> for {offer.supplier.supplierName} from now on?
        </span>
        <Button
          size="sm"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            addSecondaryEmail(offer.supplier.shopSupplierId, offer.email).then(
              () => {
                notify.success(`${offer.email} now belongs to ${offer.supplier.supplierName}.`);
                setDone(true);
              },
              (e) => {
                notify.error('Could not add the address', userMessage(e));
                setBusy(false);
              },
            );
          }}
        >
          Add as secondary email
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDone(true)}>
          Not now
        </Button>
      </div>
    );
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const supplier = suppliers?.find((s) => s.shopSupplierId === Number(picked));
        if (!supplier) return;
        setBusy(true);
        choose(supplier.shopSupplierId).then(
          (r) => {
            notify.success(chosenText);
            setBusy(false);
            if (r.offerSecondaryEmail) setOffer({ email: r.offerSecondaryEmail, supplier });
            else setDone(true);
          },
          (e) => {
            notify.error('Could not choose the supplier', userMessage(e));
            setBusy(false);
          },
        );
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={picked}
        onChange={(e) => setPicked(e.target.value)}
        className="h-8 max-w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">Choose the supplier…</option>
        {suppliers?.map((s) => (
          <option key={s.shopSupplierId} value={s.shopSupplierId}>
            {s.supplierName}
          </option>
        ))}
      </select>
      <Button size="sm" type="submit" disabled={!picked || busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
