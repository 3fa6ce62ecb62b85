import { Image } from 'lucide-react';
import type { AdminDeclaration } from '../../lib/admin-sections';

/** The media library's place in the back office (writing: after the blog). */
export const mediaAdmin: AdminDeclaration = {
  roles: ['administrator', 'editor'],
  nav: [{ label: 'Media', path: '/admin/media', order: 45 }],
  counts: [{ counter: 'media', label: 'Images', icon: Image, path: '/admin/media', order: 35 }],
  sections: [
    {
      title: 'Media',
      description: 'Upload, find and delete images, and keep the alt text of each.',
      icon: Image,
      path: '/admin/media',
      order: 35,
    },
  ],
};
