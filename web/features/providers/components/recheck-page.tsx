import { Link } from '@tanstack/react-router';
import { ArrowLeft, CalendarCheck } from 'lucide-react';
import type { AdminRecheckItem } from '../../../../api/providers/contracts';
import { FACT_STALE_AFTER_DAYS } from '../../../../domain/providers/facts';
import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/http-client';
import { useCheckFacts } from '../api/check-facts';
import { useRecheckList } from '../api/recheck';
import { GROUP_LABELS, groupAnchor, recheckAge } from '../facts-form';

/**
 * /admin/providers/recheck: every entered fact whose check is older than 90 days, or that was
 * never checked, oldest first (never checked first of all), each with a link to its section of
 * the provider's editor and 'Checked today'. Demo data is never listed.
 */
export function RecheckPage() {
  const list = useRecheckList();
  const check = useCheckFacts();
  const { toast } = useToast();
  const onChecked = (item: AdminRecheckItem) =>
    check.mutate(
      { id: item.providerId, group: item.group },
      {
        onSuccess: () =>
          toast({
            title: `${GROUP_LABELS[item.group]} of "${item.providerName}" checked today`,
          }),
        onError: (cause) =>
          toast({
            title: 'Failed to mark as checked',
            description: errorMessage(cause, 'Please try again.'),
            variant: 'error',
          }),
      },
    );

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button variant="ghost" asChild className="-ml-3 w-fit">
          <Link to="/admin/providers">
            <ArrowLeft aria-hidden="true" />
            Back to providers
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Needs recheck</h1>
        <p className="text-sm text-muted-foreground">
          Offers, fees, exit terms and trust facts checked more than {FACT_STALE_AFTER_DAYS} days
          ago, or never checked, oldest first. Public pages show them as &lsquo;not rechecked
          since&rsquo; their date. Check the source, correct what changed, then mark them checked.
        </p>
      </div>
      {list.isPending ? (
        <Skeleton className="h-32" />
      ) : list.isError ? (
        <LiveMessage message={`Failed to load the list. ${errorMessage(list.error, '')}`} />
      ) : list.data.length === 0 ? (
        <p className="rounded-md border border-border p-6 text-center text-muted-foreground">
          Nothing needs a recheck: every entered fact was checked in the last{' '}
          {FACT_STALE_AFTER_DAYS} days.
        </p>
      ) : (
        <Table aria-label="Facts that need a recheck, oldest first">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Provider</TableHead>
              <TableHead scope="col">Facts</TableHead>
              <TableHead scope="col">Checked</TableHead>
              <TableHead scope="col">Age</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.map((item) => {
              const what = `${GROUP_LABELS[item.group]} of ${item.providerName}`;
              return (
                <TableRow key={`${item.providerId}-${item.group}`}>
                  <TableCell className="font-medium break-words">{item.providerName}</TableCell>
                  <TableCell>
                    <Link
                      to="/admin/providers/$id/edit"
                      params={{ id: item.providerId }}
                      hash={groupAnchor(item.group)}
                      className="text-primary underline underline-offset-4"
                      aria-label={`Edit ${what}`}
                    >
                      {GROUP_LABELS[item.group]}
                    </Link>
                  </TableCell>
                  <TableCell className="tabular-nums">
                    {item.checkedOn ?? 'Never checked'}
                  </TableCell>
                  <TableCell className="tabular-nums">{recheckAge(item.ageDays)}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      onClick={() => onChecked(item)}
                      disabled={check.isPending}
                      aria-label={`Mark ${what} checked today`}
                    >
                      <CalendarCheck aria-hidden="true" />
                      Checked today
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
