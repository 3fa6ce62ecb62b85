import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import {
  MEDIA_ALT_MAX,
  MEDIA_MESSAGES,
  MEDIA_PAGE_SIZES,
  altTextProblem,
  formatFileSize,
  type MediaView,
} from '../../../../api/media/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataPager } from '../../../components/data-table/data-table';
import { BackToDashboard, EmptyNote } from '../../../components/data-table/list-page';
import { useListSearch } from '../../../components/data-table/list-search';
import { ListStatus } from '../../../components/data-table/list-status';
import { SearchBox } from '../../../components/data-table/search-box';
import { FieldError, describedBy } from '../../../components/field';
import {
  ImageUploadControl,
  useImageUploads,
} from '../../../components/media/image-upload-control';
import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toastOutcome } from '../../../components/ui/toast-outcome';
import { isApiError } from '../../../lib/http-client';
import { cn } from '../../../lib/utils';
import {
  useDeleteMedia,
  useMediaLibrary,
  useSaveAltText,
  type MediaSearch,
} from '../api/admin-media';

/** Whether a drag carries files (not text or a link dragged across the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * /admin/media: the media library. Upload with the button (keyboard) or by dropping files
 * anywhere on the screen; each image shows its name, size, dimensions and alt text (edited in
 * place); search by name or alt text (kept in the URL); delete after a confirmation.
 */
export function MediaLibrary({
  search,
  onSearchChange,
}: {
  search: MediaSearch;
  onSearchChange: (next: MediaSearch) => void;
}) {
  const params = { page: 1, pageSize: 48, ...search };
  const library = useMediaLibrary(params);
  const uploads = useImageUploads();
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<MediaView | null>(null);
  const remove = useDeleteMedia();
  const searchId = useId();
  const box = useListSearch(search.q, (q) => onSearchChange({ ...search, q, page: undefined }));
  const rows = library.data?.rows ?? [];
  const total = library.data?.total ?? 0;

  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    void uploads.uploadFiles(Array.from(event.dataTransfer.files));
  };

  const onDelete = () => {
    if (!deleting) return;
    remove.mutate(
      deleting.id,
      toastOutcome({
        success: `Deleted ${deleting.fileName}`,
        failure: 'Failed to delete the image',
        onSuccess: () => setDeleting(null),
      }),
    );
  };

  return (
    <div
      className={cn(
        'relative grid gap-6 rounded-lg',
        dragging && 'outline-2 outline-offset-8 outline-dashed outline-primary',
      )}
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragging(false);
      }}
      onDrop={onDrop}
    >
      <div className="grid gap-2">
        <BackToDashboard />
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Media</h1>
        <p className="text-sm text-muted-foreground">
          Images for posts and provider logos. Each upload is checked, re-encoded and stored in
          several widths; drop image files anywhere on this page to upload them.
        </p>
      </div>

      <section aria-labelledby={`${searchId}-upload`} className="grid gap-2">
        <h2 id={`${searchId}-upload`} className="sr-only">
          Upload
        </h2>
        <ImageUploadControl controller={uploads} />
        {dragging ? (
          <p className="text-sm font-medium text-primary">Drop the images to upload them.</p>
        ) : null}
      </section>

      <SearchBox
        id={searchId}
        label="Search images"
        placeholder="Search by name or alt text..."
        value={box.text}
        onChange={box.setText}
      />

      <section aria-labelledby={`${searchId}-list`} className="grid gap-4">
        <h2 id={`${searchId}-list`} className="text-lg font-semibold">
          Library
        </h2>
        <ListStatus query={library} total={total} noun={['image', 'images']} />
        {library.isPending ? <p className="text-muted-foreground">Loading images...</p> : null}
        {library.isSuccess && rows.length === 0 ? (
          <EmptyNote>
            {search.q
              ? 'No images match this search.'
              : 'No images yet. Upload the first one with the button above, or drop files here.'}
          </EmptyNote>
        ) : null}
        {rows.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {rows.map((media) => (
              <li key={media.id}>
                <MediaCard media={media} onDelete={() => setDeleting(media)} />
              </li>
            ))}
          </ul>
        ) : null}
        {total > params.pageSize ? (
          <DataPager
            page={params.page}
            pageSize={params.pageSize}
            pageSizes={MEDIA_PAGE_SIZES}
            total={total}
            onPageChange={(page) => onSearchChange({ ...search, page })}
            onPageSizeChange={(pageSize) =>
              onSearchChange({ ...search, pageSize, page: undefined })
            }
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete image"
        description={`Are you sure you want to delete ${deleting?.fileName ?? ''}?`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={onDelete}
      >
        <p className="text-sm">
          Its files are removed at once: posts or provider logos that show it will show a broken
          image. The history stays in the audit log.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/** One image: its thumbnail, facts, alt text form and delete button. */
function MediaCard({ media, onDelete }: { media: MediaView; onDelete: () => void }) {
  const altId = useId();
  const [alt, setAlt] = useState(media.alt);
  const [error, setError] = useState<string | undefined>(undefined);
  const save = useSaveAltText();
  const changed = alt.trim() !== media.alt;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const problem = altTextProblem(alt);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    save.mutate(
      { id: media.id, alt: alt.trim() },
      toastOutcome({
        success: `Saved the alt text of ${media.fileName}`,
        failure: 'Failed to save the alt text',
        onError: (cause) => setError(isApiError(cause) ? cause.fields.alt : undefined),
      }),
    );
  };

  return (
    <article className="grid h-full gap-3 rounded-lg border border-border bg-card p-3 shadow-card">
      <ResponsiveImage
        media={media}
        alt={media.alt}
        sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-[4/3] w-full rounded-md bg-muted object-contain"
      />
      <div className="grid gap-1">
        <h3 className="break-all text-sm font-semibold">{media.fileName}</h3>
        <p className="text-sm text-muted-foreground">
          {formatFileSize(media.bytes)} · {media.width} × {media.height} px
        </p>
        {media.alt === '' ? (
          <Badge variant="muted" className="w-fit">
            {MEDIA_MESSAGES.noAlt}
          </Badge>
        ) : null}
      </div>
      <form onSubmit={onSave} className="grid gap-2">
        <Label htmlFor={altId}>Alt text</Label>
        <div className="flex gap-2">
          <Input
            {...describedBy(altId, error)}
            value={alt}
            maxLength={MEDIA_ALT_MAX + 50}
            onChange={(event) => setAlt(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={!changed || save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
            <span className="sr-only"> the alt text of {media.fileName}</span>
          </Button>
        </div>
        <FieldError id={altId} error={error} />
      </form>
      <Button variant="ghost" className="w-fit text-destructive" onClick={onDelete}>
        <Trash2 aria-hidden="true" />
        Delete
        <span className="sr-only"> {media.fileName}</span>
      </Button>
    </article>
  );
}
