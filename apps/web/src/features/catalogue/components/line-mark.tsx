import type { TLineMatch } from '@orderbridge/contract';
import { Check, CircleSlash, Link2, Scale, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import type { TLineMarkProps } from '../../../lib/line-mark-context';
import { useDisputePrice } from '../api/dispute-price';
import { useIntegrationNamed } from '../api/get-integrations';
import { useConfirmMatch, useLineMatches, useUnmatchLine } from '../api/get-line-matches';
import { cost, priceChangeText } from './format';
import { PosProductPicker } from './pickers';
import { PriceFlag } from './price-flag';

const METHOD_TEXT: Record<TLineMatch['method'], string> = {
  code: 'by supplier code',
  barcode: 'by barcode',
  alias: 'by a learned name',
  description: 'by description',
  manual: 'chosen by hand',
  none: '',
};

/**
 * A read line's POS product (how it was found, how sure) and its price against the last one. On the review screen
 * the match can be confirmed or changed; on an order a price that rose can be disputed in one click.
 */
export default function LineMatchMark({ source, lineNo, item }: TLineMarkProps) {
  const { companyId, basePath } = useCompany();
  const matchSource =
    'documentId' in source ? { documentId: source.documentId } : { orderId: source.orderId };
  const matches = useLineMatches(companyId, matchSource, 'revision' in source ? source.revision : undefined);
  const semtek = useIntegrationNamed(companyId, 'semtek');
  const m = matches.data?.find((x) => x.lineNo === lineNo);
  // Without a POS catalogue every line is unmatched: say nothing rather than flag them all.
  if (!m || !semtek.integration || semtek.integration.status === 'neverConnected') return null;
  const review = 'documentId' in source ? source.documentId : null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs" data-testid={`line-mark-${lineNo}`}>
      {m.product ? (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700"
          title={`${m.unitsPerLine > 1 ? `${m.unitsPerLine} POS units a line · ` : ''}${Math.round(m.confidence * 100)} % sure`}
        >
          {m.confirmed ? <Check size={12} aria-label="Confirmed" className="text-green-700" /> : null}
          <span className="sr-only">POS product: </span>
          <span className="font-medium">{m.product.productCode}</span>
          <span className="max-w-56 truncate">{m.product.description}</span>
          {m.unitsPerLine > 1 ? <span className="text-slate-600">×{m.unitsPerLine}</span> : null}
          <span className="text-slate-600">
            {METHOD_TEXT[m.method]}
            {m.confidence < 1 && !m.confirmed ? ` · ${Math.round(m.confidence * 100)} %` : ''}
          </span>
        </span>
      ) : (
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-amber-900 ring-1 ring-amber-200">
          <CircleSlash size={12} aria-hidden="true" />{' '}
          {m.confirmed ? 'Not in the POS catalogue' : 'Not matched to a POS product'}
        </span>
      )}
      <PriceFlag match={m} />
      {review !== null ? (
        <ReviewActions documentId={review} match={m} integrationId={semtek.integration.id} />
      ) : item && m.priceChangeFlagged && (m.priceChangePct ?? 0) > 0 ? (
        <DisputePrice
          orderId={(source as { orderId: number }).orderId}
          item={item}
          match={m}
          basePath={basePath}
        />
      ) : null}
    </div>
  );
}

function ReviewActions({
  documentId,
  match: m,
  integrationId,
}: {
  documentId: number;
  match: TLineMatch;
  integrationId: number;
}) {
  const { companyId } = useCompany();
  const confirm = useConfirmMatch(companyId, documentId);
  const unmatch = useUnmatchLine(companyId, documentId);
  const [picking, setPicking] = useState(false);
  const clear = async () => {
    try {
      await unmatch.mutateAsync(m.lineNo);
      notify.success(`Line ${m.lineNo} is not matched to a POS product.`);
    } catch (e) {
      notify.error(`Line ${m.lineNo} could not be unmatched`, userMessage(e));
    }
  };
  const save = async (semtekProductId: number, what: string) => {
    setPicking(false);
    try {
      await confirm.mutateAsync({ lineNo: m.lineNo, semtekProductId });
      notify.success(`Line ${m.lineNo} ${what}; this supplier's name for it is remembered.`);
    } catch (e) {
      notify.error(`Line ${m.lineNo} could not be matched`, userMessage(e));
    }
  };
  return (
    <>
      {m.product && !m.confirmed ? (
        <Button
          size="sm"
          variant="secondary"
          className="h-7"
          loading={confirm.isPending}
          onClick={() => save(m.product!.id, 'confirmed')}
          aria-label={`Confirm the POS product of line ${m.lineNo}`}
        >
          <Check size={12} aria-hidden="true" /> Confirm
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className="h-7"
        onClick={() => setPicking(true)}
        aria-label={`${m.product ? 'Change' : 'Choose'} the POS product of line ${m.lineNo}`}
      >
        <Link2 size={12} aria-hidden="true" /> {m.product ? 'Change product' : 'Match product'}
      </Button>
      {m.product ? (
        <Button
          size="sm"
          variant="ghost"
          className="h-7"
          loading={unmatch.isPending}
          onClick={clear}
          aria-label={`Unmatch line ${m.lineNo}`}
        >
          <X size={12} aria-hidden="true" /> Unmatch
        </Button>
      ) : null}
      {picking ? (
        <PosProductPicker
          open
          onOpenChange={setPicking}
          integrationId={integrationId}
          title={`POS product of line ${m.lineNo}`}
          initialSearch={m.itemDesc?.split(/\s+/).slice(0, 2).join(' ') ?? ''}
          onPick={(id) => save(id, 'matched')}
        />
      ) : null}
    </>
  );
}

/** One click: a "wrong price" dispute for the delivered quantity, at the difference to the last price. */
function DisputePrice({
  orderId,
  item,
  match: m,
  basePath,
}: {
  orderId: number;
  item: NonNullable<TLineMarkProps['item']>;
  match: TLineMatch;
  basePath: string;
}) {
  const { companyId } = useCompany();
  const dispute = useDisputePrice(companyId);
  const [opened, setOpened] = useState<number | null>(null);
  if (m.previousUnitCost === null || m.unitCost === null || item.price === null) return null;
  // Per ordered unit of the line: the POS-unit difference times the units a line stands for.
  const difference = Math.round((m.unitCost - m.previousUnitCost) * m.unitsPerLine * 100) / 100;
  if (difference <= 0) return null;
  if (opened !== null)
    return (
      <Link to={`${basePath}/disputes/${opened}`} className="font-medium text-brand-700 underline">
        Price disputed
      </Link>
    );
  const run = async () => {
    try {
      const created = await dispute.mutateAsync({
        orderId,
        itemId: item.id,
        priceDifference: difference,
        note: `Charged ${cost(m.unitCost)} a unit against ${cost(m.previousUnitCost)} before (${priceChangeText(m.priceChangePct ?? 0, m.previousDate)}).`,
      });
      setOpened(created.id);
      notify.success('The price dispute has been sent to the supplier.');
    } catch (e) {
      notify.error('The price could not be disputed', userMessage(e));
    }
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      className="h-7"
      loading={dispute.isPending}
      onClick={run}
      aria-label={`Dispute the price of line ${m.lineNo}`}
    >
      <Scale size={12} aria-hidden="true" /> Dispute price
    </Button>
  );
}
