/**
 * THE list of capabilities. The composition root, the worker, the router setup, the job
 * scheduler, the rebuild and first start all read it; adding a capability is its folders plus
 * one line here (see docs/architecture.md).
 */
import { admins } from '../admins/capability';
import { blog } from '../blog/capability';
import type { Capability } from './capability';
import { cities } from '../cities/capability';
import { calculator } from '../calculator/capability';
import { clicks } from '../clicks/capability';
import { newsletter } from '../newsletter/capability';
import { providers } from '../providers/capability';
import { reddit } from '../reddit/capability';
import { siteContent } from '../site-content/capability';
import { contact } from '../contact/capability';
import { search } from '../search/capability';
import { submissions } from '../submissions/capability';
import { keywords } from '../keywords/capability';
import { notifications } from '../notifications/capability';

export const CAPABILITIES = [
  providers,
  admins,
  newsletter,
  siteContent,
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
] as const;

/**
 * The same list for the platform code that loops over it. Each capability's hooks are typed
 * with its own commands and queries; the platform passes the full backend, which has every
 * capability's, so seeing each through the general type is safe (TypeScript cannot see it:
 * hook parameters are contravariant).
 */
export const CAPABILITY_LIST: readonly Capability[] = CAPABILITIES.map(
  (capability) => capability as unknown as Capability,
);
