import { copyrightLine } from '../../lib/site';
import { Brand } from './brand';
import { SiteLink } from './site-link';
import { FOOTER_COLUMNS } from './site-nav';

export const AFFILIATE_DISCLOSURE =
  'Affiliate disclosure: we may earn a commission when you click links to providers or buy through our affiliate partners, at no extra cost to you. This never influences our rankings, Vial Scores or editorial content.';

/** The footer's id: the header's menu links here until the page has hydrated. */
export const SITE_FOOTER_ID = 'site-footer';

export function SiteFooter() {
  return (
    <footer id={SITE_FOOTER_ID} className="scroll-mt-16 border-t border-border bg-surface">
      {/* Two columns from the narrowest phones: one column made the links a screen and a half. */}
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 sm:px-6 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 sm:col-span-1">
          <Brand />
          <p className="text-sm leading-6 text-muted-foreground">
            A free, unbiased comparison of online GLP-1 weight-loss providers. We are not a
            healthcare provider and do not give medical advice.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
            <ul className="mt-3 space-y-1">
              {column.links.map((link) => (
                <li key={link.label}>
                  <SiteLink
                    to={link.to}
                    {...(link.hash ? { hash: link.hash } : {})}
                    {...(link.search ? { search: link.search } : {})}
                    className="inline-flex min-h-11 items-center text-sm text-muted-foreground hover:text-primary hover:underline sm:min-h-9"
                  >
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <div className="mx-auto max-w-6xl space-y-3 px-4 py-6 sm:px-6">
          <p className="text-sm leading-6 text-muted-foreground">{AFFILIATE_DISCLOSURE}</p>
          {/* A page kept from before New Year hydrates with its own year, without a warning. */}
          <p className="text-sm text-muted-foreground" suppressHydrationWarning>
            {copyrightLine()}
          </p>
        </div>
      </div>
    </footer>
  );
}
