import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Plus, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useToast } from '../../../components/ui/toast';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { errorMessage } from '../../../lib/http-client';
import { LiveMessage } from '../../../components/field';
import { filterProviders } from '../provider-form';
import { useAdminProviders } from '../api/admin-providers';
import { useDeleteProvider } from '../api/delete-provider';
import { useRecomputeVialScore } from '../api/recompute-vial-score';
import { DeleteProviderDialog } from './delete-provider-dialog';
import { AdminProviderCard, AdminProviderCardSkeleton } from './admin-provider-card';
import { ProviderForm } from './provider-form';

type Mode = { kind: 'list' } | { kind: 'create' } | { kind: 'edit'; provider: AdminProviderView };

/**
 * /admin/providers. The search filters the loaded list in the browser: the list is small
 * (one card per provider, dozens at most), so filtering is instant, costs no request per
 * keystroke, and the list stays one cache entry that every command simply refreshes.
 */
export function AdminProvidersPage() {
  const providers = useAdminProviders();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<AdminProviderView | null>(null);
  const deleteProvider = useDeleteProvider();
  const recompute = useRecomputeVialScore();
  const { toast } = useToast();
  const searchId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backFromForm = useRef(false);

  // Closing the form puts the list back: return focus to its title.
  useEffect(() => {
    if (mode.kind === 'list' && backFromForm.current) {
      backFromForm.current = false;
      headingRef.current?.focus();
    }
  }, [mode]);
  const showList = () => {
    backFromForm.current = true;
    setMode({ kind: 'list' });
  };

  useEffect(() => {
    if (providers.isError)
      toast({
        title: 'Failed to load providers',
        description: errorMessage(providers.error, ''),
        variant: 'error',
      });
  }, [providers.isError, providers.errorUpdatedAt, providers.error, toast]);

  if (mode.kind !== 'list') {
    const provider = mode.kind === 'edit' ? mode.provider : null;
    return (
      <ProviderForm
        key={provider ? `${provider._id}@${provider.revision}` : 'new'}
        provider={provider}
        onSaved={showList}
        onCancel={showList}
        onReload={async () => {
          if (!provider) return;
          const fresh = await providers.refetch();
          const latest = fresh.data?.find((p) => p._id === provider._id);
          if (latest) setMode({ kind: 'edit', provider: latest });
          else {
            toast({
              title: 'This provider no longer exists',
              description: 'It was deleted by someone else.',
              variant: 'error',
            });
            showList();
          }
        }}
      />
    );
  }

  const list = providers.data ?? [];
  const shown = filterProviders(list, query);

  const confirmDelete = () => {
    if (!toDelete || deleteProvider.isPending) return;
    deleteProvider.mutate(
      { id: toDelete._id, expectedRevision: toDelete.revision },
      {
        onSuccess: () => {
          toast({ title: 'Provider deleted successfully', variant: 'success' });
          setToDelete(null);
        },
        onError: (cause) => {
          toast({
            title: 'Failed to delete provider',
            description: errorMessage(cause, ''),
            variant: 'error',
          });
          setToDelete(null);
        },
      },
    );
  };

  const runRecompute = (provider: AdminProviderView) =>
    recompute.mutate(provider._id, {
      onSuccess: () =>
        toast({
          title: 'Vial Score recomputed and published',
          description: provider.name,
          variant: 'success',
        }),
      onError: (cause) =>
        toast({
          title: 'Failed to recompute Vial Score',
          description: errorMessage(cause, ''),
          variant: 'error',
        }),
    });

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-2">
          <Button variant="ghost" asChild className="-ml-3 w-fit">
            <Link to="/admin/dashboard">
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
          >
            Providers
          </h1>
        </div>
        <Button onClick={() => setMode({ kind: 'create' })}>
          <Plus aria-hidden="true" />
          Add Provider
        </Button>
      </div>

      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor={searchId} className="sr-only">
          Search providers
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search providers..."
            className="pl-9"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>

      <p role="status" aria-live="polite" className="sr-only">
        {providers.isPending
          ? 'Loading providers...'
          : providers.isSuccess
            ? `${shown.length} ${shown.length === 1 ? 'provider' : 'providers'} shown`
            : ''}
      </p>

      {providers.isError ? (
        <div className="grid gap-3">
          <LiveMessage
            message={`Failed to load providers. ${errorMessage(providers.error, '')}`.trim()}
          />
          <div>
            <Button variant="outline" onClick={() => void providers.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}

      {providers.isPending ? (
        <div className="grid gap-4" aria-hidden="true">
          <AdminProviderCardSkeleton />
          <AdminProviderCardSkeleton />
          <AdminProviderCardSkeleton />
        </div>
      ) : null}

      {providers.isSuccess && shown.length === 0 ? (
        <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border px-4 py-12 text-center">
          <p className="text-lg font-semibold">No providers found</p>
          {list.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              No provider name or description matches “{query.trim()}”.
            </p>
          ) : null}
          {list.length === 0 ? (
            <Button onClick={() => setMode({ kind: 'create' })}>
              <Plus aria-hidden="true" />
              Add First Provider
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setQuery('')}>
              Clear search
            </Button>
          )}
        </div>
      ) : null}

      {shown.length > 0 ? (
        <ul className="grid gap-4">
          {shown.map((provider) => (
            <li key={provider._id}>
              <AdminProviderCard
                provider={provider}
                recomputing={recompute.isPending && recompute.variables === provider._id}
                onEdit={() => setMode({ kind: 'edit', provider })}
                onDelete={() => setToDelete(provider)}
                onRecompute={() => runRecompute(provider)}
              />
            </li>
          ))}
        </ul>
      ) : null}

      <DeleteProviderDialog
        name={toDelete?.name ?? ''}
        open={toDelete !== null}
        deleting={deleteProvider.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => {
          if (!open && !deleteProvider.isPending) setToDelete(null);
        }}
      />
    </div>
  );
}
