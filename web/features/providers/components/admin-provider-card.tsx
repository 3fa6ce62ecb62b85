import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BadgeCheck, History, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { formatScore } from '../../../lib/format';
import { PricesChecked } from './prices-checked';
import { VialScoreBreakdown, VialScoreValue, formatOutOf10 } from './vial-score';

/** A review score out of 5, in the public card's format ("4.6/5"); 'Not entered' when empty (never 0). */
const score5 = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? `${formatScore(value)}/5` : 'Not entered';

/** One provider in the back-office list. Button names end with the provider's name for screen readers. */
export function AdminProviderCard({
  provider,
  select,
  recomputing,
  onEdit,
  onDelete,
  onRecompute,
  verifying = false,
  onVerifyPrices,
}: {
  provider: AdminProviderView;
  /** The list's selection checkbox for this provider (bulk actions), if any. */
  select?: ReactNode;
  recomputing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onRecompute: () => void;
  verifying?: boolean;
  onVerifyPrices?: () => void;
}) {
  const pending = provider.pendingVialScore;
  const pendingDiffers = pending != null && pending.outOf10 !== (provider.vialScore?.outOf10 ?? 0);
  const stateCount = provider.states.length;

  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {select}
          <h2 className="text-lg font-semibold leading-tight">{provider.name}</h2>
          {provider.draft ? <Badge variant="outline">Draft</Badge> : null}
          {provider.featured ? <Badge>Featured</Badge> : null}
        </div>
        {provider.description ? (
          <p className="text-sm text-muted-foreground">{provider.description}</p>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted-foreground">Trustpilot</dt>
            <dd className="font-semibold tabular-nums">{score5(provider.trustpilotScore)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Google</dt>
            <dd className="font-semibold tabular-nums">{score5(provider.googleScore)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Vial Score</dt>
            <dd>
              <VialScoreValue score={provider.vialScore} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">States</dt>
            <dd className="font-semibold tabular-nums">
              {stateCount} {stateCount === 1 ? 'state' : 'states'}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted-foreground">Prices checked</dt>
            <dd className="font-semibold">
              <PricesChecked checkedAt={provider.pricesCheckedAt} />
            </dd>
          </div>
        </dl>
        {pendingDiffers ? (
          <p className="text-sm text-muted-foreground">
            Pending with current data:{' '}
            <span className="font-semibold tabular-nums">{formatOutOf10(pending)}</span> (
            {pending.band}), published at the next monthly update or by recomputing now.
          </p>
        ) : null}
        {provider.medications.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Medications">
            {provider.medications.map((m) => (
              <li key={m}>
                <Badge variant="outline">{m}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No medications listed</p>
        )}
        {provider.vialScore ? (
          <details className="rounded-md border border-border px-3 py-2 text-sm">
            <summary className="cursor-pointer py-1 font-medium">
              Vial Score breakdown<span className="sr-only"> for {provider.name}</span>
            </summary>
            <div className="pt-2">
              <VialScoreBreakdown
                score={provider.vialScore}
                caption={`Published Vial Score breakdown for ${provider.name}`}
              />
            </div>
          </details>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {provider.name}</span>
        </Button>
        {/* A draft's score is published with it: nothing to recompute yet. */}
        {provider.draft ? null : (
          <Button variant="outline" onClick={onRecompute} disabled={recomputing}>
            <RefreshCw aria-hidden="true" />
            {recomputing ? 'Recomputing...' : 'Recompute Vial Score'}
            <span className="sr-only"> for {provider.name}</span>
          </Button>
        )}
        {onVerifyPrices ? (
          <Button variant="outline" onClick={onVerifyPrices} disabled={verifying}>
            <BadgeCheck aria-hidden="true" />
            Prices verified<span className="sr-only"> for {provider.name}</span>
          </Button>
        ) : null}
        <Button variant="ghost" asChild>
          <Link to="/admin/audit" search={{ subjectId: provider._id }}>
            <History aria-hidden="true" />
            History<span className="sr-only"> of {provider.name}</span>
          </Link>
        </Button>
        <Button
          variant="ghost"
          className="text-destructive hover:bg-destructive-soft"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> {provider.name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The loading placeholder of one card of the back-office list. */
export function AdminProviderCardSkeleton() {
  return (
    <Card>
      <CardHeader className="gap-3">
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-full max-w-md" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-6 w-64" />
      </CardContent>
    </Card>
  );
}
