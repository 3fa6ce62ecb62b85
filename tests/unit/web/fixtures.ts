import type { ProviderCardView } from '../../../api/contracts/providers';
import type { SiteApi } from '../../../api/contracts/site-api';

function card(
  overrides: Partial<ProviderCardView> & Pick<ProviderCardView, '_id' | 'rank' | 'name'>,
): ProviderCardView {
  return {
    description: 'Online GLP-1 clinic',
    websiteUrl: 'https://provider.example/start',
    affiliateTag: 'ref=vialcompare',
    logoUrl: '',
    logoBackground: '#ffffff',
    badgeText: null,
    badgeColor: '',
    vialScore: { outOf5: 4.6, outOf10: 9.2, band: 'Excellent', breakdown: [] },
    rankingScore: 4.6,
    ratingLabel: 'Outstanding',
    votesCount: 24312,
    startingPrice: 199,
    medicationLabel: 'Both',
    medications: ['Semaglutide', 'Tirzepatide'],
    states: ['CA', 'TX'],
    features: [
      'Free 2-Minute Quiz – No Insurance Needed',
      'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
      'Prescribed & Shipped Within 48 Hours',
      'Cancel any time',
    ],
    discountCode: '',
    discountBanner: null,
    ctaText: { mobile: 'Get Started Today', desktop: 'Get Started' },
    featured: true,
    ...overrides,
  };
}

export const providerFixtures: ProviderCardView[] = [
  card({
    _id: 'p-1',
    rank: 1,
    name: 'Evergreen Health',
    badgeText: 'Best Overall',
    discountCode: 'SAVE50',
    discountBanner: 'Limited Offer: Save with Code SAVE50',
  }),
  card({
    _id: 'p-2',
    rank: 2,
    name: 'Harbor Telemed',
    vialScore: { outOf5: 4.2, outOf10: 8.4, band: 'Very Good', breakdown: [] },
    rankingScore: 4.2,
    startingPrice: 249,
    medicationLabel: 'Semaglutide',
    medications: ['Semaglutide'],
  }),
];

/** An in-memory SiteApi: the same object shape the server passes during SSR. */
export function inMemorySiteApi(
  providers: ProviderCardView[] = providerFixtures,
  content: Record<string, string> = {},
): SiteApi {
  return {
    featuredProviders: async () => providers,
    siteContent: async () => content,
  };
}
