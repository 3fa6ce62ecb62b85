/**
 * What a fresh installation needs before anyone can use it, from each capability in the
 * list's order (demo content first, then the administrator setup link).
 */
import { CAPABILITY_LIST } from '../workers/bootstrap/capabilities';
import type { Backend } from '../workers/bootstrap/composition';

export { SETUP_LINK_TTL_MS } from '../workers/admins/capability';

/** What each capability reported (seededProviders, setupLink...). */
export type FirstStartResult = Record<string, unknown>;

export async function prepareFirstStart(backend: Backend): Promise<FirstStartResult> {
  const result: FirstStartResult = {};
  for (const capability of CAPABILITY_LIST) {
    Object.assign(result, await capability.firstStart?.(backend));
  }
  return result;
}
