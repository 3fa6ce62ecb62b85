import { META_DESCRIPTION_LENGTH, PAGE_TITLE_MAX } from '../../../../domain/blog/format';
import { searchPreview, type PostFormValues } from '../post-form';

/**
 * How the post will look in a search result (title cut at ~60 characters, description at
 * ~160) and as a shared link's card (image, title, description), from the values on screen.
 */
export function SeoPreview({ values }: { values: PostFormValues }) {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const preview = searchPreview(values, origin);
  const titleLength = (values.metaTitle.trim() || values.title.trim()).length;
  const descriptionLength = (values.metaDescription.trim() || values.excerpt.trim()).length;
  return (
    <div className="grid gap-4 sm:col-span-2 lg:grid-cols-2">
      <figure className="grid gap-2">
        <figcaption className="text-sm font-medium">Search result preview</figcaption>
        <div className="grid gap-1 rounded-md border border-border bg-background p-4">
          <span className="truncate text-xs text-muted-foreground">{preview.url}</span>
          <span className="text-lg leading-snug text-primary">{preview.title}</span>
          <span className="text-sm text-muted-foreground">{preview.description}</span>
        </div>
        <p className="text-xs text-muted-foreground">
          Title {titleLength}/{PAGE_TITLE_MAX} characters · description {descriptionLength}/
          {META_DESCRIPTION_LENGTH} characters (longer ones are cut).
        </p>
      </figure>
      <figure className="grid gap-2">
        <figcaption className="text-sm font-medium">Social card preview</figcaption>
        <div className="overflow-hidden rounded-md border border-border bg-background">
          {preview.image ? (
            <img
              src={preview.image}
              alt=""
              width={1200}
              height={630}
              className="aspect-[1200/630] w-full bg-muted object-cover"
            />
          ) : (
            <div className="grid aspect-[1200/630] w-full place-items-center bg-muted px-4 text-center text-sm text-muted-foreground">
              No image: add a featured image or a social image
            </div>
          )}
          <div className="grid gap-1 p-3">
            <span className="text-xs uppercase text-muted-foreground">
              {origin.replace(/^https?:\/\//, '')}
            </span>
            <span className="font-semibold">{preview.title}</span>
            <span className="line-clamp-2 text-sm text-muted-foreground">
              {preview.description}
            </span>
          </div>
        </div>
      </figure>
    </div>
  );
}
