import { Link } from '@tanstack/react-router';
import { ArrowLeft, CalendarCheck } from 'lucide-react';
import type { AdminRecheckItem } from '../../../../api/providers/contracts';
import { FACT_STALE_AFTER_DAYS } from '../../../../domain/providers/facts';
import type { DataColumn } from '../../../components/data-table/data-table';
import { EmptyNote, ListPage } from '../../../components/data-table/list-page';
import { Button } from '../../../components/ui/button';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { useCheckFacts } from '../api/check-facts';
import { useRecheckList } from '../api/recheck';
import { GROUP_LABELS, groupAnchor, recheckAge } from '../facts-form';

/**
 * /admin/providers/recheck: every entered fact whose check is older than 90 days, or that was
 * never checked, oldest first (never checked first of all), each with a link to its section of
 * the provider's editor and 'Checked today'. Demo data is never listed.
 */
export function RecheckPage() {
  const query = useRecheckList();
  const check = useCheckFacts();
  const rows = query.data ?? [];
  const what = (item: AdminRecheckItem) => `${GROUP_LABELS[item.group]} of ${item.providerName}`;
  const editLink = (item: AdminRecheckItem) => (
    <Link
      to="/admin/providers/$id/edit"
      params={{ id: item.providerId }}
      hash={groupAnchor(item.group)}
      className="text-primary underline underline-offset-4"
      aria-label={`Edit ${what(item)}`}
    >
      {GROUP_LABELS[item.group]}
    </Link>
  );
  const checkedToday = (item: AdminRecheckItem) => (
    <Button
      variant="outline"
      onClick={() =>
        check.mutate(
          { id: item.providerId, group: item.group },
          toastOutcome({
            success: `${GROUP_LABELS[item.group]} of "${item.providerName}" checked today`,
            failure: 'Failed to mark as checked',
          }),
        )
      }
      disabled={check.isPending}
      aria-label={`Mark ${what(item)} checked today`}
    >
      <CalendarCheck aria-hidden="true" />
      Checked today
    </Button>
  );
  const columns: DataColumn<AdminRecheckItem>[] = [
    {
      id: 'provider',
      header: 'Provider',
      hideable: false,
      cell: (item) => <span className="font-medium break-words">{item.providerName}</span>,
    },
    { id: 'facts', header: 'Facts', hideable: false, cell: editLink },
    {
      id: 'checked',
      header: 'Checked',
      cell: (item) => <span className="tabular-nums">{item.checkedOn ?? 'Never checked'}</span>,
    },
    {
      id: 'age',
      header: 'Age',
      cell: (item) => <span className="tabular-nums">{recheckAge(item.ageDays)}</span>,
    },
    { id: 'action', header: 'Action', hideable: false, cell: checkedToday },
  ];

  return (
    <ListPage
      title="Needs recheck"
      actions={
        <Button variant="ghost" asChild>
          <Link to="/admin/providers">
            <ArrowLeft aria-hidden="true" />
            Back to providers
          </Link>
        </Button>
      }
      description={
        <p className="max-w-3xl text-sm text-muted-foreground">
          Offers, fees, exit terms and trust facts checked more than {FACT_STALE_AFTER_DAYS} days
          ago, or never checked, oldest first. Public pages show them as &lsquo;not rechecked
          since&rsquo; their date. Check the source, correct what changed, then mark them checked.
        </p>
      }
      query={query}
      rows={rows}
      total={rows.length}
      noun={['fact to recheck', 'facts to recheck']}
      empty={
        <EmptyNote>
          Nothing needs a recheck: every entered fact was checked in the last{' '}
          {FACT_STALE_AFTER_DAYS} days.
        </EmptyNote>
      }
      table={{
        label: 'Facts that need a recheck, oldest first',
        rowId: (item) => `${item.providerId}-${item.group}`,
        rowName: what,
        columns,
        renderCard: (item) => (
          <article className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-card">
            <h2 className="text-base font-medium break-words">{item.providerName}</h2>
            <p className="text-sm">
              {editLink(item)} · {item.checkedOn ?? 'Never checked'} · {recheckAge(item.ageDays)}
            </p>
            <div>{checkedToday(item)}</div>
          </article>
        ),
      }}
    />
  );
}
