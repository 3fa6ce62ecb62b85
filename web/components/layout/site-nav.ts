/** The shared layout's links (spec section 2, "Shared layout"). */
export interface NavItem {
  label: string;
  to: string;
}

/** Top bar links; Contact is a separate button on wide screens and the last item of the mobile list. */
export const PRIMARY_NAV: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Calculator', to: '/calculator' },
  { label: 'About', to: '/about' },
];

export const CONTACT_NAV: NavItem = { label: 'Contact', to: '/contact' };

export const FOOTER_COLUMNS: readonly { title: string; links: readonly NavItem[] }[] = [
  {
    title: 'Tools',
    links: [
      { label: 'Dosage Calculator', to: '/calculator' },
      { label: 'BMI Calculator', to: '/calculator' },
      { label: 'Cost Calculator', to: '/calculator' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy-policy' },
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
