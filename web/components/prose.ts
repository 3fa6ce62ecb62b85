/**
 * The reading styles of sanitised article HTML (headings, lists, links, quotes, images,
 * tables): the blog's posts and the newsletter's archived issues read alike, and the back
 * office's rich-text editor draws its editing surface with the same class, so what an author
 * sees while writing is what gets published.
 */
export const PROSE_CLASS =
  'blog-content max-w-none space-y-4 break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote>*+*]:mt-4 [&_code]:rounded-sm [&_code]:bg-muted [&_code]:px-1 [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:text-lg [&_h4]:font-semibold [&_hr]:my-8 [&_hr]:border-border [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_li]:mt-1 [&_li>*+*]:mt-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6';

/**
 * How wide an image in article HTML is drawn (the post column is max-w-3xl less its padding):
 * the `sizes` the editor writes beside a library image's srcset.
 */
export const PROSE_IMAGE_SIZES = '(min-width: 48rem) 46rem, 100vw';
