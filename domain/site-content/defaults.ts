/**
 * The built-in texts of the editable keys: what the pages show when a key is missing or
 * inactive. Each key's whole built-in content, as the back office starts a new row from it, is
 * in ./key-defaults.ts (it carries the about page's texts, which the home page does not need).
 */
import type { ContentCard } from './keys';

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
