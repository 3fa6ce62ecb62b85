import { FileText } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The blog's place in the back office. */
export const blogAdmin: AdminDeclaration = {
  roles: ['administrator', 'editor'],
  nav: [{ label: 'Blog', path: '/admin/blog', order: 40 }],
  counts: [
    { counter: 'posts', label: 'Blog posts', icon: FileText, path: '/admin/blog', order: 40 },
  ],
};
