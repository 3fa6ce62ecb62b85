/**
 * Each editable key's built-in content as it would be stored: what the back office starts a new
 * row from and shows for a key that is not set. contact_email has none here: its fallback is
 * the CONTACT_EMAIL configuration.
 */
import { HOME_TOP_PROVIDERS } from './counts';
import { BENEFIT_DEFAULTS, HERO_DEFAULTS } from './defaults';
import type { SiteContentKey } from './keys';
import { ABOUT, ABOUT_VALUES } from './pages';

/** Each key's built-in content as it would be stored (cards as a JSON array). */
export const SITE_CONTENT_DEFAULTS: Partial<Record<SiteContentKey, string>> = {
  ...HERO_DEFAULTS,
  benefits: JSON.stringify(BENEFIT_DEFAULTS, null, 2),
  home_top_providers: String(HOME_TOP_PROVIDERS.fallback),
  about_mission: ABOUT.intro,
  about_values: JSON.stringify(ABOUT_VALUES, null, 2),
  about_offer: ABOUT.sections[0]?.paragraphs[0] ?? '',
};
