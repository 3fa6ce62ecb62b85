import { useDeferredValue, useId, useState } from 'react';
import { MEDIA_ALT_MAX, MEDIA_MESSAGES, type MediaView } from '../../../api/media/contracts';
import { SearchBox } from '../data-table/search-box';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { cn } from '../../lib/utils';
import { ImageUploadControl } from './image-upload-control';
import { useMediaLibrary } from './media-library-query';
import { ResponsiveImage } from './responsive-image';

export interface MediaChoice {
  media: MediaView;
  /** The alt text to use where the image goes (the library's, as edited here). */
  alt: string;
}

/**
 * Choose an image from the media library, or upload one (it is chosen once uploaded). The
 * alt text starts as the library's and can be changed for this use. 'Use this image' hands
 * back the image and the alt text; Cancel or Escape hand back nothing.
 */
export function MediaPickerDialog({
  open,
  onOpenChange,
  onChoose,
  title = 'Choose an image',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: MediaChoice) => void;
  title?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {open ? (
          <PickerBody
            title={title}
            onChoose={(choice) => {
              onChoose(choice);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function PickerBody({
  title,
  onChoose,
}: {
  title: string;
  onChoose: (choice: MediaChoice) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const library = useMediaLibrary({ q: q || undefined, page: 1, pageSize: 48 });
  const [chosen, setChosen] = useState<MediaView | null>(null);
  const [alt, setAlt] = useState('');
  const searchId = useId();
  const altId = useId();
  const choose = (media: MediaView) => {
    setChosen(media);
    setAlt(media.alt);
  };
  const rows = library.data?.rows ?? [];
  const altTooLong = alt.trim().length > MEDIA_ALT_MAX;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          Pick an image from the media library or upload a new one.
        </DialogDescription>
      </DialogHeader>
      <ImageUploadControl label="Upload an image" multiple={false} onUploaded={choose} />
      <SearchBox
        id={searchId}
        label="Search the media library"
        placeholder="Search by name or alt text..."
        value={search}
        onChange={setSearch}
      />
      <div className="max-h-80 overflow-y-auto rounded-md border border-border p-2">
        {library.isPending ? <p className="p-2 text-muted-foreground">Loading images...</p> : null}
        {library.isError ? (
          <p role="alert" className="p-2 text-destructive">
            The media library could not be loaded. Close this and try again.
          </p>
        ) : null}
        {library.isSuccess && rows.length === 0 ? (
          <p className="p-2 text-muted-foreground">
            {q ? 'No images match this search.' : 'No images yet: upload the first one above.'}
          </p>
        ) : null}
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Images">
          {rows.map((media) => {
            const selected = chosen?.id === media.id;
            return (
              <li key={media.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => choose(media)}
                  className={cn(
                    'grid w-full gap-1 rounded-md border-2 p-1 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    selected ? 'border-primary' : 'border-transparent hover:border-border',
                  )}
                >
                  <ResponsiveImage
                    media={media}
                    alt=""
                    sizes="160px"
                    className="aspect-square w-full rounded bg-muted object-contain"
                  />
                  <span className="truncate text-xs">{media.fileName}</span>
                  <span className="sr-only">
                    {media.alt ? `Alt text: ${media.alt}` : MEDIA_MESSAGES.noAlt}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {chosen ? (
        <div className="grid gap-2">
          <Label htmlFor={altId}>Alt text for {chosen.fileName}</Label>
          <Input
            id={altId}
            value={alt}
            maxLength={MEDIA_ALT_MAX + 50}
            aria-invalid={altTooLong || undefined}
            aria-describedby={`${altId}-hint`}
            onChange={(event) => setAlt(event.target.value)}
          />
          <p
            id={`${altId}-hint`}
            className={cn('text-sm', altTooLong ? 'text-destructive' : 'text-muted-foreground')}
          >
            {altTooLong
              ? MEDIA_MESSAGES.altTooLong
              : 'Describe what the image shows, for people who cannot see it. Empty for a decorative image.'}
          </p>
        </div>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          disabled={chosen === null || altTooLong}
          onClick={() => {
            if (chosen) onChoose({ media: chosen, alt: alt.trim().replace(/\s+/g, ' ') });
          }}
        >
          Use this image
        </Button>
      </DialogFooter>
    </>
  );
}
