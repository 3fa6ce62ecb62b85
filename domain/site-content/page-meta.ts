/**
 * Each static page's address, <title> and description: all a route's head needs. Apart from
 * the page texts (./pages.ts, which spreads these) so that the route definitions every visitor
 * loads do not carry the legal and about texts; the texts come with each page's own chunk.
 */

export const ABOUT_META = {
  path: '/about',
  title: 'About VialCompare: Independent GLP-1 Comparisons',
  description:
    'Why VialCompare exists: a free, independent comparison of online GLP-1 providers for semaglutide and tirzepatide, with a public scoring method.',
} as const;

export const PRIVACY_POLICY_META = {
  path: '/privacy-policy',
  title: 'Privacy Policy | VialCompare',
  description:
    'What VialCompare collects (newsletter e-mails, contact messages, provider submissions, server logs), why, how long it is kept and your choices.',
} as const;

export const TERMS_OF_USE_META = {
  path: '/terms-of-use',
  title: 'Terms of Use | VialCompare',
  description:
    'The terms for using VialCompare: information only, not medical advice; provider prices can change; affiliate links; age 18 or older.',
} as const;

export const COOKIE_POLICY_META = {
  path: '/cookie-policy',
  title: 'Cookie Policy | VialCompare',
  description:
    'VialCompare sets no cookies for visitors and uses no third-party trackers; only administrators get a session cookie when they sign in.',
} as const;

export const CONTACT_META = {
  path: '/contact',
  title: 'Contact VialCompare',
  description:
    'Write to VialCompare: suggest a feature, report an issue or a wrong price, or propose content. We reply within 24-48 hours.',
} as const;

export const SUPPORT_META = {
  path: '/support',
  title: 'Support VialCompare',
  description:
    'Help keep VialCompare free and independent with a one-time donation, or by sharing the site and sending corrections.',
} as const;

export const CALCULATOR_PAGE_META = {
  path: '/calculator',
  title: 'GLP-1 Dosage, Cost and BMI Calculators',
  description:
    'Free dosage (syringe units), cost per mg and BMI calculators for semaglutide and tirzepatide.',
} as const;

export const GLP1_AI_PAGE_META = {
  path: '/glp1-ai',
  title: 'GLP-1 AI: Questions Answered from VialCompare',
  description:
    'Ask questions about GLP-1 medications in plain language. Answers quote this site’s own pages, with links to every source.',
} as const;

export const SEARCH_PAGE_META = {
  path: '/search',
  title: 'Search VialCompare',
  description: 'Search providers and pages on VialCompare.',
} as const;

export const ADD_PROVIDER_PAGE_META = {
  path: '/add-provider',
  title: 'Add Your Provider | VialCompare',
  description:
    'Offer semaglutide or tirzepatide online in the US? Send us your details and we review them before listing your service on VialCompare.',
} as const;
