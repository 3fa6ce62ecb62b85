import type { ProviderLinkView } from '../../../../api/providers/contracts';
import { SiteLink } from '../../../components/layout/site-link';

/** /providers: every listed provider's page, by name. */
export function ProviderIndex({ links }: { links: readonly ProviderLinkView[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">All providers</h1>
      <p className="mt-3 text-muted-foreground">
        Every provider we list, A to Z. Each page shows the prices per dose, the cost of the first
        months, the states served and the Vial Score.
      </p>
      {links.length === 0 ? (
        <p className="mt-6">No providers are listed yet.</p>
      ) : (
        <ul className="mt-6 columns-1 gap-6 sm:columns-2">
          {links.map((link) => (
            <li key={link.slug}>
              <SiteLink
                to={link.path}
                className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4 hover:no-underline"
              >
                {link.name}
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
