/** The shared layout's links (spec section 2, "Shared layout"). */
export interface NavItem {
  label: string;
  to: string;
  /** A section of the page (`/#providers`). */
  hash?: string;
  /** A query string the link carries (`?tab=cost`), as the router's search object. */
  search?: Record<string, string>;
}

/**
 * Top bar links (the specification's Home, Calculator and About, plus Providers and Blog so
 * those sections are one click from every page); Contact is a separate button on wide screens
 * and the last item of the mobile list.
 */
export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Providers', to: '/providers' },
  { label: 'Calculator', to: '/calculator' },
  { label: 'Blog', to: '/blog' },
  { label: 'About', to: '/about' },
];

export const CONTACT_NAV: NavItem = { label: 'Contact', to: '/contact' };

/**
 * The footer's columns: the specification's links, plus the pages a visitor looks for at the
 * foot of a page (comparison, city pages, blog, Reddit discussions, the provider form, the
 * terms), so that no public page is more than three clicks from the home page.
 */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly NavItem[] }[] = [
  {
    title: 'Tools',
    links: [
      { label: 'Dosage Calculator', to: '/calculator' },
      { label: 'BMI Calculator', to: '/calculator', search: { tab: 'bmi' } },
      { label: 'Cost Calculator', to: '/calculator', search: { tab: 'cost' } },
      { label: 'All-in cost ranking', to: '/cost' },
      { label: 'Compare providers', to: '/', hash: 'providers' },
      { label: 'City pages', to: '/near' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Blog', to: '/blog' },
      { label: 'Newsletter archive', to: '/newsletter' },
      { label: 'Reddit discussions', to: '/reddit-posts' },
      { label: 'Add your provider', to: '/add-provider' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms of Use', to: '/terms-of-use' },
      { label: 'Cookie Policy', to: '/cookie-policy' },
      { label: 'Support', to: '/support' },
    ],
  },
];

/** Whether `pathname` is the page of `to` (Home only on "/", others also on their sub-pages). */
export function isCurrentPath(to: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (to === '/') return path === '/';
  return path === to || path.startsWith(`${to}/`);
}
