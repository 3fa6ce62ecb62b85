import { useState } from 'react';
import { Image } from 'lucide-react';
import { Button } from '../ui/button';
import { MediaPickerDialog, type MediaChoice } from './media-picker-dialog';

/** The chosen image, with the full address of its largest fallback file (JPEG or PNG). */
export type ChosenImage = MediaChoice & { url: string };

/**
 * 'Choose image' beside a form's image URL field: opens the media picker and hands back the
 * chosen image's full address (the URL fields take full http(s) addresses), so a URL can still
 * be typed as before.
 */
export function ChooseImageButton({
  onChoose,
  purpose,
  className,
}: {
  onChoose: (choice: ChosenImage) => void;
  /** What the image is for, read by screen readers after 'Choose image' ('for the logo'). */
  purpose: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={className}>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Image aria-hidden="true" />
        Choose image
        <span className="sr-only"> {purpose}</span>
      </Button>
      <MediaPickerDialog
        open={open}
        onOpenChange={setOpen}
        onChoose={(choice) =>
          onChoose({ ...choice, url: new URL(choice.media.src, window.location.origin).href })
        }
      />
    </div>
  );
}
