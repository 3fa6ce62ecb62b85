/**
 * The static public pages' texts and metadata, in one place: the pages render them, the site
 * search indexes them and the sitemap lists them, so the three cannot disagree.
 *
 * Everything here describes what this site actually does (see docs/architecture.md and the
 * code it names). The contact address is never written here: pages take it from configuration
 * (CONTACT_EMAIL) and link to /contact.
 */
import type { StaticPage } from '../shared/pages';
import { STANDARD_LADDERS, WEEKS_PER_STEP } from '../shared/prices';
import { formatMg } from '../shared/format';
import {
  ABOUT_META,
  PRIVACY_POLICY_META,
  TERMS_OF_USE_META,
  COOKIE_POLICY_META,
  CONTACT_META,
  SUPPORT_META,
  CALCULATOR_PAGE_META,
  GLP1_AI_PAGE_META,
  SEARCH_PAGE_META,
  ADD_PROVIDER_PAGE_META,
} from './page-meta';

export const MEDICAL_DISCLAIMER =
  'VialCompare is not a healthcare provider and does not give medical advice. The information on this site is for general comparison only. Talk to a licensed clinician before starting, changing or stopping any medication.';

/** The legal pages' stated last update (specification: January 2025). */
export const LEGAL_LAST_UPDATED = '2025-01';

export const ABOUT_VALUES: readonly { title: string; text: string }[] = [
  {
    title: 'Independent',
    text: 'Rankings come from the Vial Score, computed from published data with a fixed formula. Affiliate commissions never change a score or an order.',
  },
  {
    title: 'Transparent',
    text: 'The scoring method, its weights and a worked example are public on the Vial Score page, computed by the same code that ranks providers.',
  },
  {
    title: 'Free',
    text: 'Every comparison, calculator and article is free to use, with no account and no sign-up required.',
  },
  {
    title: 'Private',
    text: 'No third-party trackers and no visitor cookies. We keep only what you choose to send us, as the privacy policy explains.',
  },
];

export const ABOUT: StaticPage = {
  ...ABOUT_META,
  heading: 'About VialCompare',
  intro:
    'Our mission is to help people in the United States compare online GLP-1 weight-loss providers clearly and honestly, so they can choose with the facts in front of them.',
  sections: [
    {
      heading: 'What we offer',
      paragraphs: [
        'A ranked list of online providers of semaglutide and tirzepatide with their published prices, the states they serve, their review scores and any discount codes.',
      ],
      items: [
        'The Vial Score: one number per provider, from a public formula.',
        'Free calculators: dosage and syringe units, cost per milligram, and BMI.',
        'A newsletter with provider and price news, if you subscribe; every e-mail has a one-click unsubscribe link.',
        'Plain-language answers drawn from this site’s own pages on the GLP-1 AI page.',
      ],
    },
    { heading: 'Medical disclaimer', paragraphs: [MEDICAL_DISCLAIMER] },
  ],
};

const contactLink = 'Write to us through the contact page (/contact).';

export const PRIVACY_POLICY: StaticPage = {
  ...PRIVACY_POLICY_META,
  heading: 'Privacy Policy',
  intro:
    'This policy explains what information VialCompare collects when you use this site, why, and what you can do about it. The site is intended for people aged 18 or older.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['We collect only what you choose to send us, and the minimum our servers log:'],
      items: [
        'Newsletter: your e-mail address (stored in lowercase) and the date you subscribed.',
        'Contact form: your name, e-mail address, subject and message.',
        'Provider submissions: the business details a provider sends us for listing, the name, e-mail and role of the person sending them when given, the time they arrived and the browser identification (user agent) sent with them.',
        'Server logs: for each request, the method, the page path (without the query string), the response status, the time taken and a random request id. Rate limits count requests per IP address under a one-way hash of the address, never the address itself.',
        'Search and GLP-1 AI questions are answered and then forgotten: they are not stored with anything that identifies you.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To send the newsletter you asked for, to answer your messages, to review provider submissions, and to keep the site working and protected from abuse. We do not sell or rent your information, and we do not use it for advertising.',
      ],
    },
    {
      heading: 'Cookies and trackers',
      paragraphs: [
        'Visitors receive no cookies. The only cookie is the session cookie administrators get when they sign in to the back office. There are no third-party trackers or advertising scripts. See the cookie policy (/cookie-policy) for details.',
      ],
    },
    {
      heading: 'Links to providers',
      paragraphs: [
        'Provider links take you to other websites, which may carry an affiliate tag so the provider knows you came from us. Those sites have their own privacy policies; we do not receive the information you give them.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Newsletter addresses and contact messages are kept until you ask us to remove them. Server logs are kept only as long as needed to run and secure the site.',
        'When you unsubscribe, your subscription is marked inactive and we stop sending to you; if you subscribe again later it becomes active again. When you ask us to delete your subscription, your address is erased: it is stored encrypted with a key of its own, and deleting the subscription destroys that key, so the address can no longer be read anywhere, including our records of changes. We keep only the fact that a subscription existed and was deleted.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        `You may ask what we hold about you, ask us to correct it, or ask us to delete it. ${contactLink}`,
        'Unsubscribing needs no account and no sign-in: every newsletter e-mail carries a personal unsubscribe link, and e-mail programs that offer a one-click unsubscribe button use the same link. Opening the link shows a page with an Unsubscribe button; pressing it stops the newsletter at once.',
      ],
    },
  ],
};

export const TERMS_OF_USE: StaticPage = {
  ...TERMS_OF_USE_META,
  heading: 'Terms of Use',
  intro: 'By using VialCompare you agree to these terms. You must be 18 or older to use this site.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    { heading: 'Information only', paragraphs: [MEDICAL_DISCLAIMER] },
    {
      heading: 'Provider information',
      paragraphs: [
        'Prices, offers, discount codes and state coverage are published by the providers and can change at any time. Always confirm them on the provider’s own site before you buy. Vial Scores are computed from that published data with the method on the Vial Score page (/vial-score).',
      ],
    },
    {
      heading: 'Affiliate links',
      paragraphs: [
        'We may earn a commission when you follow a link to a provider or buy through an affiliate partner, at no extra cost to you. Commissions never influence rankings, Vial Scores or editorial content.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Do not misuse the site: no automated flooding of forms, no attempts to break its security, no submissions you are not entitled to make.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'The site is provided as is. We work to keep it accurate but cannot guarantee that every detail is complete or current, and we are not responsible for the services providers offer.',
      ],
    },
    { heading: 'Questions', paragraphs: [contactLink] },
  ],
};

export const COOKIE_POLICY: StaticPage = {
  ...COOKIE_POLICY_META,
  heading: 'Cookie Policy',
  intro:
    'Cookies are small files a website stores in your browser. This page lists every cookie this site sets.',
  lastUpdated: LEGAL_LAST_UPDATED,
  sections: [
    {
      heading: 'Cookies for visitors',
      paragraphs: [
        'None. Reading pages, using the calculators, searching and subscribing to the newsletter set no cookies, and the site loads no third-party trackers or advertising scripts.',
      ],
    },
    {
      heading: 'The administrator session cookie',
      paragraphs: [
        'Administrators who sign in to the back office receive one strictly necessary cookie, vial_session (named __Host-vial_session on HTTPS). It holds a random session id, is unreadable by scripts (HttpOnly), is sent only to this site (SameSite=Lax) and expires when the administrator signs out or the session ends.',
      ],
    },
    {
      heading: 'If analytics are ever enabled',
      paragraphs: [
        'Should we ever add analytics, we will update this policy first. Analytics cookies would be kept for 13 to 26 months.',
      ],
    },
    {
      heading: 'Managing cookies',
      paragraphs: [
        'You can delete or block cookies in your browser’s settings. Blocking the administrator cookie only prevents signing in to the back office.',
      ],
    },
    {
      heading: 'Questions about cookies',
      paragraphs: [`We answer cookie inquiries within 48 hours. ${contactLink}`],
    },
  ],
};

export const CONTACT: StaticPage = {
  ...CONTACT_META,
  heading: 'Contact Us',
  intro: 'Questions, corrections or ideas? We read every message and reply within 24-48 hours.',
  sections: [
    {
      heading: 'Feedback we welcome',
      paragraphs: [],
      items: [
        'Feature requests: a tool or comparison you would like to see.',
        'Issue reports: a broken page, a wrong price or an outdated discount code.',
        'Content suggestions: a topic you would like us to explain.',
      ],
    },
  ],
};

export const SUPPORT: StaticPage = {
  ...SUPPORT_META,
  heading: 'Support VialCompare',
  intro:
    'VialCompare is free to use. A one-time donation helps pay for hosting and keeps the comparisons independent.',
  sections: [
    {
      heading: 'Other ways to support',
      paragraphs: [],
      items: [
        'Share the site with someone comparing GLP-1 providers.',
        'Send a correction when a price or code on the site is out of date.',
        'Subscribe to the newsletter and tell us what would make it more useful.',
      ],
    },
  ],
};

const ladder = (doses: readonly number[]) => doses.map(formatMg).join(', ');
const top = (doses: readonly number[]) => formatMg(doses.at(-1) ?? 0);

/**
 * /calculator (its page is web/features/calculator): the calculators' rules as the info cards
 * state them, for the search index and the GLP-1 AI's answers.
 */
export const CALCULATOR_PAGE: StaticPage = {
  ...CALCULATOR_PAGE_META,
  heading: 'GLP-1 Calculators',
  intro:
    'Free calculators for GLP-1 medications: dosage in syringe units, cost per milligram, and BMI.',
  sections: [
    {
      heading: 'Common doses',
      paragraphs: [
        `Semaglutide and tirzepatide are both injected once a week. The dose usually rises every ${WEEKS_PER_STEP} weeks or more, as your prescriber decides.`,
        `Semaglutide (Wegovy, Ozempic) weekly doses: ${ladder(STANDARD_LADDERS.semaglutide)}. ${top(STANDARD_LADDERS.semaglutide)} is the usual semaglutide maintenance dose.`,
        `Tirzepatide (Mounjaro, Zepbound) weekly doses: ${ladder(STANDARD_LADDERS.tirzepatide)}. ${top(STANDARD_LADDERS.tirzepatide)} is the highest tirzepatide dose.`,
      ],
    },
    {
      heading: 'How the dosage calculator works',
      paragraphs: [
        'The injection volume in ml is the dose in mg divided by the concentration in mg/ml. Syringe units are the volume times 100 on a U-100 insulin syringe.',
      ],
    },
  ],
};

export const GLP1_AI_PAGE: StaticPage = {
  ...GLP1_AI_PAGE_META,
  heading: 'GLP-1 AI',
  intro: 'Ask questions about GLP-1 medications in plain language',
  sections: [],
};

export const SEARCH_PAGE: StaticPage = {
  ...SEARCH_PAGE_META,
  heading: 'Search',
  intro: '',
  sections: [],
  indexable: false,
};

export const ADD_PROVIDER_PAGE: StaticPage = {
  ...ADD_PROVIDER_PAGE_META,
  heading: 'Add Your Provider',
  intro:
    'Run an online GLP-1 weight-loss service? Tell us about it. We review every submission by hand, may contact you to check details, and list providers for free. A listing never buys a better Vial Score or a higher rank.',
  sections: [
    {
      heading: 'What happens next',
      paragraphs: [
        'An editor checks the details you send against your website. If we list your service, it starts unfeatured and its Vial Score is computed from published data with the same formula as every other provider.',
      ],
    },
  ],
};

/** Every static page, for the sitemap and the search index. */
export const STATIC_PAGES: readonly StaticPage[] = [
  ABOUT,
  CONTACT,
  SUPPORT,
  CALCULATOR_PAGE,
  PRIVACY_POLICY,
  TERMS_OF_USE,
  COOKIE_POLICY,
  GLP1_AI_PAGE,
  SEARCH_PAGE,
  ADD_PROVIDER_PAGE,
];
