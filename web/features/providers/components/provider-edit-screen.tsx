import { useEffect, useState } from 'react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { useAdminProvider } from '../api/admin-provider';
import { AdminProviderCardSkeleton } from './admin-provider-card';
import { ProviderForm } from './provider-form';

/**
 * /admin/providers/new and /admin/providers/{id}/edit: the form in place of the list, at its
 * own address, so an edit can be linked and survives a reload (the provider is read again).
 */
export function ProviderEditScreen({ id, onDone }: { id: string | null; onDone: () => void }) {
  if (id === null)
    return (
      <ProviderForm
        key="new"
        provider={null}
        onSaved={onDone}
        onCancel={onDone}
        onReload={async () => {}}
      />
    );
  return <ExistingProvider id={id} onDone={onDone} />;
}

function ExistingProvider({ id, onDone }: { id: string; onDone: () => void }) {
  const provider = useAdminProvider(id);
  const { toast } = useToast();
  // The form edits the version it opened: a background refetch (after saving, the admin data
  // is refreshed) must not remount it under the save's callbacks; 'Reload provider' does.
  const [opened, setOpened] = useState<AdminProviderView | null>(null);
  useEffect(() => {
    if (provider.data && opened === null) setOpened(provider.data);
  }, [provider.data, opened]);
  if (provider.isPending) return <AdminProviderCardSkeleton />;
  if (provider.isError)
    return (
      <div className="grid gap-3">
        <LiveMessage
          message={`Failed to load provider. ${errorMessage(provider.error, '')}`.trim()}
        />
        <div>
          <Button variant="outline" onClick={onDone}>
            Back to providers
          </Button>
        </div>
      </div>
    );
  const current = opened ?? provider.data;
  return (
    <ProviderForm
      key={`${current._id}@${current.revision}`}
      provider={current}
      onSaved={onDone}
      onCancel={onDone}
      onReload={async () => {
        const fresh = await provider.refetch();
        if (fresh.data) setOpened(fresh.data);
        if (fresh.isError) {
          toast({
            title: 'This provider no longer exists',
            description: 'It was deleted by someone else.',
            variant: 'error',
          });
          onDone();
        }
      }}
    />
  );
}
