/** schema.org BreadcrumbList: one builder for every page that has a trail (Home first). */

export interface Crumb {
  name: string;
  /** A path on the site ('/' for Home). */
  path: string;
}

/** The BreadcrumbList of `crumbs` as absolute URLs on `siteUrl`. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], siteUrl: string) {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${crumb.path}`,
    })),
  };
}
