import { useEffect, useState } from 'react';
import type { AdminProviderView } from '../../../../api/providers/contracts';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../../components/ui/badge';
import { useAdminProvider } from '../api/admin-provider';
import { usePublishProvider } from '../api/publish-provider';
import { AdminProviderCardSkeleton } from './admin-provider-card';
import { ProviderForm } from './provider-form';
import { ProviderFactsSections } from './provider-facts-sections';

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

/**
 * A draft (a submission accepted, issue 27): on no public page until published. 'Publish' sends
 * the revision on screen, so a draft changed elsewhere since is not published unseen.
 */
function DraftPanel({
  providerId,
  name,
  revision,
  onPublished,
}: {
  providerId: string;
  name: string;
  revision: number;
  onPublished: () => Promise<void>;
}) {
  const publish = usePublishProvider();
  const { toast } = useToast();
  return (
    <section
      aria-labelledby="provider-draft-heading"
      className="grid gap-3 rounded-md border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="provider-draft-heading" className="text-lg font-semibold">
          Draft
        </h2>
        <Badge variant="outline">Not public</Badge>
      </div>
      <p className="text-sm">
        {name} is a draft: it is on no public page, list, search or ranking until you publish it.
        Review its details, prices and facts below, then publish. Its Vial Score is published with
        it.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(
              { id: providerId, expectedRevision: revision },
              {
                onSuccess: () => {
                  toast({ title: 'Provider published', description: name, variant: 'success' });
                  void onPublished();
                },
                onError: (cause) =>
                  toast({
                    title: 'Failed to publish provider',
                    description: errorMessage(cause, 'Please try again.'),
                    variant: 'error',
                  }),
              },
            )
          }
        >
          {publish.isPending ? 'Publishing...' : 'Publish'}
          <span className="sr-only"> {name}</span>
        </Button>
        <Button variant="ghost" asChild>
          <Link to="/admin/submissions">Back to submissions</Link>
        </Button>
      </div>
    </section>
  );
}

function ExistingProvider({ id, onDone }: { id: string; onDone: () => void }) {
  const provider = useAdminProvider(id);
  const { toast } = useToast();
  // The form edits the version it opened: a background refetch (after saving, the admin data
  // is refreshed) must not remount it under the save's callbacks; 'Reload provider' does.
  const [opened, setOpened] = useState<AdminProviderView | null>(null);
  // The latest revision this screen knows: each section saves on its own, and the next save
  // (of any section, or of the details) expects what the last one left.
  const [revision, setRevision] = useState<number | null>(null);
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
  const reload = async () => {
    const fresh = await provider.refetch();
    if (fresh.data) {
      setOpened(fresh.data);
      setRevision(null);
    }
    if (fresh.isError) {
      toast({
        title: 'This provider no longer exists',
        description: 'It was deleted by someone else.',
        variant: 'error',
      });
      onDone();
    }
  };
  const latest = revision ?? current.revision;
  return (
    <div className="grid gap-8">
      {current.draft ? (
        <DraftPanel
          providerId={current._id}
          name={current.name}
          revision={latest}
          onPublished={reload}
        />
      ) : null}
      <ProviderForm
        key={`${current._id}@${current.revision}`}
        provider={current}
        expectedRevision={latest}
        onSaved={onDone}
        onCancel={onDone}
        onReload={reload}
      />
      <ProviderFactsSections
        key={`facts-${current._id}@${current.revision}`}
        provider={current}
        context={{
          providerId: current._id,
          revision: latest,
          onSaved: setRevision,
          onReload: reload,
          websiteUrl: current.websiteUrl,
        }}
      />
    </div>
  );
}
