import { PROVIDER_PAGES_PATH } from '../../../../domain/providers/slug';
import { buttonVariants } from '../../../components/ui/button';
import { SiteLink } from '../../../components/layout/site-link';

/** An unknown or unlisted /providers/{slug}: answered with 404 and noindex. */
export function ProviderNotFound({ slug }: { slug: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Provider not found</h1>
      <p className="mt-3 break-words text-muted-foreground">
        No listed provider has the address “{slug}”. It may have been renamed or removed.
      </p>
      <SiteLink to={PROVIDER_PAGES_PATH} className={buttonVariants({ className: 'mt-8' })}>
        See all providers
      </SiteLink>
    </section>
  );
}
