import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { MEDIA_ACCEPT, type MediaView } from '../../../api/media/contracts';
import { Button } from '../ui/button';
import { useUploadImage } from './use-upload-image';

/**
 * The upload button with what it is doing beside it: the file picker (keyboard: the button
 * opens it), the progress while sending, and the server's message when an image is refused
 * ('SVG images are not accepted...'), announced to screen readers. `uploadFiles` lets a drop
 * zone send files through the same control.
 */
export function ImageUploadControl({
  onUploaded,
  label = 'Upload images',
  multiple = true,
  controller,
}: {
  onUploaded?: (media: MediaView) => void;
  label?: string;
  multiple?: boolean;
  /** The upload state to show, when the caller shares it with a drop zone. */
  controller?: ReturnType<typeof useImageUploads>;
}) {
  const own = useImageUploads(onUploaded);
  const uploads = controller ?? own;
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const statusId = `${inputId}-status`;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          onClick={() => input.current?.click()}
          disabled={uploads.pending}
          aria-describedby={statusId}
        >
          <Upload aria-hidden="true" />
          {label}
        </Button>
        <label htmlFor={inputId} className="sr-only">
          Image files to upload
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={MEDIA_ACCEPT}
          multiple={multiple}
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void uploads.uploadFiles(files);
          }}
        />
        <span className="text-sm text-muted-foreground">PNG, JPEG, WebP, AVIF or GIF</span>
      </div>
      <div id={statusId} aria-live="polite" className="grid gap-1">
        {uploads.current ? (
          <div className="grid gap-1">
            <p className="text-sm">
              Uploading {uploads.current}
              {uploads.progress !== null ? `: ${uploads.progress}%` : '...'}
            </p>
            <progress
              className="h-2 w-full max-w-sm accent-primary"
              max={100}
              value={uploads.progress ?? undefined}
              aria-label={`Uploading ${uploads.current}`}
            />
          </div>
        ) : null}
        {uploads.errors.map((error) => (
          <p key={error.fileName} role="alert" className="text-sm font-medium text-destructive">
            {error.fileName}: {error.message}
          </p>
        ))}
      </div>
    </div>
  );
}

/**
 * Several files uploaded one after the other (a drop of many, or the picker's multiple
 * choice): the one being sent, its progress, and each refused file's message.
 */
export function useImageUploads(onUploaded?: (media: MediaView) => void) {
  const { upload, progress, pending } = useUploadImage();
  const [state, setState] = useState<{
    current: string | null;
    errors: { fileName: string; message: string }[];
  }>({ current: null, errors: [] });

  async function uploadFiles(files: readonly File[]) {
    if (files.length === 0) return;
    setState({ current: null, errors: [] });
    const errors: { fileName: string; message: string }[] = [];
    for (const file of files) {
      setState({ current: file.name, errors: [...errors] });
      try {
        // Not `onUploaded?.(await upload(file))`: without a callback that would skip the upload.
        const media = await upload(file);
        onUploaded?.(media);
      } catch (error) {
        errors.push({
          fileName: file.name,
          message: error instanceof Error ? error.message : 'The upload failed.',
        });
      }
    }
    setState({ current: null, errors });
  }

  return { ...state, progress, pending: pending || state.current !== null, uploadFiles };
}
