/**
 * The one list of the features' back-office declarations (each feature's `admin.ts`): adding a
 * section is its feature's file plus one line here. The admin layout and the dashboard route
 * read the menu; web/lib/admin-sections.ts orders it.
 */
import { adminMenu } from './lib/admin-sections';
import { dashboardAdmin } from './features/dashboard/admin';
import { providersAdmin } from './features/providers/admin';
import { submissionsAdmin } from './features/submissions/admin';
import { blogAdmin } from './features/blog/admin';
import { keywordsAdmin } from './features/keywords/admin';
import { mediaAdmin } from './features/media/admin';
import { newsletterAdmin } from './features/newsletter/admin';
import { contactAdmin } from './features/contact/admin';
import { siteContentAdmin } from './features/site-content/admin';
import { auditAdmin } from './features/audit/admin';
import { clicksAdmin } from './features/clicks/admin';
import { redditAdmin } from './features/reddit/admin';
import { adminsAdmin } from './features/admins/admin';

export const ADMIN_MENU = adminMenu([
  dashboardAdmin,
  providersAdmin,
  submissionsAdmin,
  blogAdmin,
  mediaAdmin,
  keywordsAdmin,
  newsletterAdmin,
  contactAdmin,
  siteContentAdmin,
  auditAdmin,
  clicksAdmin,
  redditAdmin,
  adminsAdmin,
]);
