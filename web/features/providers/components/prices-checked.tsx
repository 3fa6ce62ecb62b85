import {
  pricesAreStale,
  PRICES_STALE_AFTER_DAYS,
} from '../../../../domain/providers/prices-checked';
import { Badge } from '../../../components/ui/badge';
import { formatDate } from '../../../lib/format';

/**
 * The back office's 'Prices checked' figure: the date, or 'Never', flagged when the prices
 * were never checked or last checked more than 60 days ago.
 */
export function PricesChecked({ checkedAt }: { checkedAt: string | null | undefined }) {
  const date = formatDate(checkedAt);
  const stale = pricesAreStale(checkedAt, new Date());
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular-nums">{date ?? 'Never'}</span>
      {stale ? (
        <Badge
          variant="destructive"
          title={`Prices are checked at least every ${PRICES_STALE_AFTER_DAYS} days`}
        >
          {date ? `Over ${PRICES_STALE_AFTER_DAYS} days old` : 'Not checked'}
        </Badge>
      ) : null}
    </span>
  );
}
