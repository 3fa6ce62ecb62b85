/**
 * What a provider page tells search engines: its title and description, JSON-LD for the
 * business and its offers, and a BreadcrumbList. Only entered data: an AggregateRating is
 * published only from an entered editor's rating with an entered vote count (as the city
 * pages do), never from a default; offers are the entered monthly prices.
 */
import { breadcrumbJsonLd, type Crumb } from '../shared/breadcrumbs';
import { formatUsd } from '../shared/format';
import { stateName } from '../shared/reference/states';
import type { ProviderPageView } from './provider-page';
import { PROVIDER_PAGES_PATH } from './slug';

export interface ProviderPageCopy {
  title: string;
  description: string;
}

const joinAnd = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function providerPageCopy(page: ProviderPageView): ProviderPageCopy {
  const facts: string[] = [];
  if (page.startingPrice) {
    facts.push(
      `${page.startingPrice.medication} from ${formatUsd(page.startingPrice.monthly)}/mo at ${page.startingPrice.dose}`,
    );
  }
  if (page.states.length > 0) {
    facts.push(`serves ${page.states.length} state${page.states.length === 1 ? '' : 's'}`);
  }
  facts.push(`Vial Score ${page.vialScore.outOf5.toFixed(1)}/5`);
  const medications = page.medicationLabel ? ` ${page.medicationLabel}.` : '';
  return {
    title: `${page.name}: GLP-1 Prices & Vial Score`,
    description:
      `${page.name} reviewed:${medications} ${joinAnd(facts)}. Dose prices, titration costs and states served.`
        .replace(/\s+/g, ' ')
        .slice(0, 300),
  };
}

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

export function providerPageUrl(siteUrl: string, slug: string): string {
  return `${origin(siteUrl)}${PROVIDER_PAGES_PATH}/${slug}`;
}

/** schema.org Organization with its offers (entered monthly prices, USD). */
export function providerJsonLd(page: ProviderPageView, siteUrl: string): Record<string, unknown> {
  const url = providerPageUrl(siteUrl, page.slug);
  const offers = page.priceTables.flatMap((table) =>
    table.rows.map((row) => ({
      '@type': 'Offer',
      name: `${table.name} ${row.dose}, one month`,
      price: row.monthly.toFixed(2),
      priceCurrency: 'USD',
      url,
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: row.monthly.toFixed(2),
        priceCurrency: 'USD',
        unitText: 'month',
      },
      ...(page.pricesCheckedAt ? { validFrom: page.pricesCheckedAt } : {}),
    })),
  );
  const rating =
    page.editorsRating !== null && page.votesCount !== null && page.votesCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: page.editorsRating,
            reviewCount: page.votesCount,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#business`,
    name: page.name,
    url: page.websiteUrl,
    mainEntityOfPage: url,
    ...(page.description ? { description: page.description } : {}),
    ...(page.logoUrl ? { logo: page.logoUrl } : {}),
    ...(page.states.length > 0
      ? { areaServed: page.states.map((code) => ({ '@type': 'State', name: stateName(code) })) }
      : {}),
    ...(offers.length > 0 ? { makesOffer: offers } : {}),
    ...rating,
  };
}

/** Home > Providers > {name}. */
export function providerBreadcrumbs(page: Pick<ProviderPageView, 'name' | 'slug'>): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Providers', path: PROVIDER_PAGES_PATH },
    { name: page.name, path: `${PROVIDER_PAGES_PATH}/${page.slug}` },
  ];
}

export function providerBreadcrumbJsonLd(
  page: Pick<ProviderPageView, 'name' | 'slug'>,
  siteUrl: string,
) {
  return breadcrumbJsonLd(providerBreadcrumbs(page), siteUrl);
}
