/** The /vial-score page's texts, from the method's own constants (vial-score.ts). */
import type { StaticPage } from '../shared/pages';
import { VIAL_SCORE_BANDS, VIAL_SCORE_WEIGHTS } from './vial-score';

export const VIAL_SCORE_PAGE: StaticPage = {
  path: '/vial-score',
  title: 'How the Vial Score Works | VialCompare',
  description:
    'The Vial Score method: five weighted inputs, four bands, how each input is measured, and a worked example computed from a listed provider.',
  heading: 'How the Vial Score works',
  intro:
    'The Vial Score ranks providers with one number out of 5.0, computed from each provider’s own published data. Scores are recomputed monthly.',
  sections: [
    {
      heading: 'The five inputs',
      paragraphs: [],
      items: VIAL_SCORE_WEIGHTS.map((w) => `${w.label}: ${Math.round(w.weight * 100)}%`),
    },
    {
      heading: 'The four bands',
      paragraphs: [],
      items: VIAL_SCORE_BANDS.map((b) =>
        b.to === null
          ? `${b.band}: below ${(VIAL_SCORE_BANDS.at(-2)?.from ?? 0).toFixed(1)}`
          : `${b.band}: ${b.from.toFixed(1)} to ${b.to.toFixed(1)}`,
      ),
    },
  ],
};
