import { Link } from '@tanstack/react-router';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import type { TrashedProviderView } from '../../../../api/providers/contracts';
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
import { formatLocalDateTime, localTimeZone } from '../../../lib/local-time';
import { useProviderTrash } from '../api/provider-trash';
import { useRestoreProvider } from '../api/restore-provider';

/**
 * /admin/providers/trash: providers removed in the last 30 days, newest first, each with
 * Restore (an event: it is listed again, with its details, prices and history).
 */
export function ProviderTrashPage() {
  const trash = useProviderTrash();
  const restore = useRestoreProvider();
  const { toast } = useToast();
  const zone = localTimeZone();
  const onRestore = (provider: TrashedProviderView) =>
    restore.mutate(provider._id, {
      onSuccess: () =>
        toast({ title: `Restored "${provider.name}"`, description: 'It is listed again.' }),
      onError: (cause) =>
        toast({
          title: 'Failed to restore provider',
          description: errorMessage(cause, 'Please try again.'),
          variant: 'error',
        }),
    });

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button variant="ghost" asChild className="-ml-3 w-fit">
          <Link to="/admin/providers">
            <ArrowLeft aria-hidden="true" />
            Back to providers
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Trash</h1>
        <p className="text-sm text-muted-foreground">
          Removed providers stay here for 30 days and can be restored until then.
        </p>
      </div>
      {trash.isPending ? (
        <Skeleton className="h-32" />
      ) : trash.isError ? (
        <LiveMessage message={`Failed to load the trash. ${errorMessage(trash.error, '')}`} />
      ) : trash.data.length === 0 ? (
        <p className="rounded-md border border-border p-6 text-center text-muted-foreground">
          The trash is empty.
        </p>
      ) : (
        // Stacked on a phone: Restore, the reason to open the screen, came last and off-screen.
        <Table aria-label="Removed providers" stacked>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col">Removed ({zone})</TableHead>
              <TableHead scope="col">Restorable until ({zone})</TableHead>
              <TableHead scope="col">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {trash.data.map((provider) => (
              <TableRow key={provider._id}>
                <TableCell className="font-medium break-words">{provider.name}</TableCell>
                <TableCell label={`Removed (${zone})`} className="tabular-nums">
                  {formatLocalDateTime(provider.removedAt)}
                </TableCell>
                <TableCell label={`Restorable until (${zone})`} className="tabular-nums">
                  {formatLocalDateTime(provider.restorableUntil)}
                </TableCell>
                <TableCell className="sm:text-right">
                  <Button
                    variant="outline"
                    onClick={() => onRestore(provider)}
                    disabled={restore.isPending}
                    aria-label={`Restore ${provider.name}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    Restore
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
