import type { TLineMatch } from '@orderbridge/contract';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { cost, priceChangeText } from './format';

/** "+12 % since 3 March": a line's price against the last one, red when it rose past the threshold. */
export function PriceFlag({
  match,
}: {
  match: Pick<TLineMatch, 'priceChangePct' | 'priceChangeFlagged' | 'previousDate' | 'previousUnitCost'>;
}) {
  const pct = match.priceChangePct;
  if (pct === null || !match.priceChangeFlagged) return null;
  const up = pct > 0;
  const Icon = up ? TrendingUp : TrendingDown;
  return (
    <span
      data-testid="price-flag"
      title={`Was ${cost(match.previousUnitCost)} a unit`}
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        up
          ? 'bg-red-50 text-red-700 ring-1 ring-red-200'
          : 'bg-green-50 text-green-800 ring-1 ring-green-200',
      )}
    >
      <Icon size={12} aria-hidden="true" />
      {priceChangeText(pct, match.previousDate)}
    </span>
  );
}
