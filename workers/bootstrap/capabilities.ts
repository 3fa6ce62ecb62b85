/**
 * THE list of capabilities' backend halves. The composition root, the worker process, the job
 * scheduler, the rebuild and first start read it; the HTTP halves are keyed by these names
 * (api/bootstrap/capabilities.ts). Adding a capability: see docs/architecture.md.
 */
import { admins } from '../admins/capability';
import { blog } from '../blog/capability';
import type { BackendCapability } from './capability';
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
  cost,
  media,
  operations,
] as const;

/** A listed capability's name (the HTTP halves' record is keyed by it). */
export type CapabilityName = (typeof CAPABILITIES)[number]['name'];

/**
 * The same list for the platform code that loops over it. Each capability's hooks are typed
 * with its own commands and queries; the platform passes the full backend, which has every
 * capability's, so seeing each through the general type is safe (TypeScript cannot see it:
 * hook parameters are contravariant).
 */
export const CAPABILITY_LIST: readonly BackendCapability[] = CAPABILITIES.map(
  (capability) => capability as unknown as BackendCapability,
);
