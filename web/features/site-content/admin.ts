import type { AdminDeclaration } from '../../lib/admin-sections';

/** The site content's and SEO overrides' place in the back office. */
export const siteContentAdmin: AdminDeclaration = {
  roles: ['administrator', 'editor'],
  nav: [
    { label: 'Site content', path: '/admin/site-content', order: 80 },
    { label: 'SEO', path: '/admin/seo', order: 90 },
  ],
};
