/**
 * The built-in texts of the editable keys: what the pages show when a key is missing or
 * inactive, and what the back office starts a new row from. contact_email has none here: its
 * fallback is the CONTACT_EMAIL configuration.
 */
import type { ContentCard, SiteContentKey } from './keys';
import { ABOUT, ABOUT_VALUES } from './pages';

export const HERO_DEFAULTS = {
  hero_title: 'Compare GLP-1 Weight Loss Providers',
  hero_subtitle:
    'Free, unbiased comparison of online semaglutide and tirzepatide providers: prices as providers publish them, Vial Scores and discount codes.',
} as const;

export const BENEFIT_DEFAULTS: readonly ContentCard[] = [
  {
    title: 'Unbiased rankings',
    text: 'Every provider is scored the same way from its own data. Payments never change a rank.',
  },
  {
    title: 'Real monthly prices',
    text: 'Starting prices per month for semaglutide and tirzepatide, side by side for every provider.',
  },
  {
    title: 'Discount codes',
    text: "Copy a provider's current code in one tap and save on your first month.",
  },
];

/** Each key's built-in content as it would be stored (cards as a JSON array). */
export const SITE_CONTENT_DEFAULTS: Partial<Record<SiteContentKey, string>> = {
  ...HERO_DEFAULTS,
  benefits: JSON.stringify(BENEFIT_DEFAULTS, null, 2),
  about_mission: ABOUT.intro,
  about_values: JSON.stringify(ABOUT_VALUES, null, 2),
  about_offer: ABOUT.sections[0]?.paragraphs[0] ?? '',
};
