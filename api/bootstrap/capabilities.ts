/**
 * The capabilities' HTTP halves, keyed by the names of the backend list
 * (workers/bootstrap/capabilities.ts): a listed capability without its HTTP half here, or a
 * half over another capability's backend, does not compile. The router setup, the public
 * reads, the sitemap and the page image hosts read them in the backend list's order.
 */
import { CAPABILITY_LIST, type CapabilityName } from '../../workers/bootstrap/capabilities';
import { admins } from '../admins/capability';
import { blog } from '../blog/capability';
import { calculator } from '../calculator/capability';
import { cities } from '../cities/capability';
import { clicks } from '../clicks/capability';
import { contact } from '../contact/capability';
import { cost } from '../cost/capability';
import { keywords } from '../keywords/capability';
import { media } from '../media/capability';
import { newsletter } from '../newsletter/capability';
import { notifications } from '../notifications/capability';
import { operations } from '../operations/capability';
import { providers } from '../providers/capability';
import { reddit } from '../reddit/capability';
import { search } from '../search/capability';
import { siteContent } from '../site-content/capability';
import { submissions } from '../submissions/capability';
import type { HttpCapability } from './capability';

const HTTP_HALVES = {
  providers,
  admins,
  newsletter,
  'site-content': siteContent,
  contact,
  cities,
  reddit,
  blog,
  search,
  submissions,
  keywords,
  notifications,
  clicks,
  calculator,
  cost,
  media,
  operations,
} satisfies { [Name in CapabilityName]: { backend: { name: Name } } };

/**
 * In the backend list's order, seen through the general type (safe for the reason given at
 * CAPABILITY_LIST: the platform passes the full backend, which has every capability's parts).
 */
export const HTTP_CAPABILITY_LIST: readonly HttpCapability[] = CAPABILITY_LIST.map(
  (capability) => HTTP_HALVES[capability.name as CapabilityName] as unknown as HttpCapability,
);
