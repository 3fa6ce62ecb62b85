/**
 * Wording a comparison site must not use for compounded medication (issue 25, and
 * ../shared/docs/cost-and-trust.md): the FDA's 2025-2026 warning letters cite claims such as
 * "same active ingredient as Ozempic", implied FDA approval, 'generic' and 'clinically proven'.
 * The back office warns an administrator who types them about a compounded offer; it does not
 * refuse them (a brand offer may truly be FDA-approved).
 *
 * No zod here: the browser imports it.
 */

export interface RiskyClaim {
  /** How the warning names it. */
  phrase: string;
  pattern: RegExp;
}

/** The risky phrases, each matched case-insensitively as whole words. */
export const RISKY_CLAIMS: readonly RiskyClaim[] = [
  { phrase: 'same as', pattern: /\bsame\s+as\b/i },
  { phrase: 'same ingredient', pattern: /\bsame\s+(?:active\s+)?ingredients?\b/i },
  { phrase: 'generic', pattern: /\bgenerics?\b/i },
  { phrase: 'FDA-approved', pattern: /\bFDA[\s-]*approved\b/i },
  { phrase: 'clinically proven', pattern: /\bclinically[\s-]+proven\b/i },
];

/** The risky phrases found in `text`, in RISKY_CLAIMS order, each once; [] when none. */
export function compoundedClaimWarnings(text: string): string[] {
  return RISKY_CLAIMS.filter(({ pattern }) => pattern.test(text)).map(({ phrase }) => phrase);
}

/** The administrator's warning for the phrases found; null when none. */
export function claimWarningMessage(phrases: readonly string[]): string | null {
  if (phrases.length === 0) return null;
  const list = phrases.map((p) => `'${p}'`).join(', ');
  return (
    `${list}: the FDA cites such wording in warning letters about compounded medication. ` +
    'Do not use it for a compounded offer.'
  );
}

/**
 * One-click feature suggestions the back office must offer no longer: the first is exactly the
 * claim the warning letters cite. (Offered today by SUGGESTED_FEATURES in
 * domain/providers/provider-card.ts, used by web/features/providers/components/provider-form.tsx.)
 */
export const RETIRED_FEATURE_SUGGESTIONS: readonly string[] = [
  'Same Ingredient as Ozempic®, Wegovy®, & Zepbound',
];

/** The suggestions that may still be offered: none retired, none with a risky phrase. */
export function safeFeatureSuggestions(suggestions: readonly string[]): string[] {
  return suggestions.filter(
    (s) => !RETIRED_FEATURE_SUGGESTIONS.includes(s) && compoundedClaimWarnings(s).length === 0,
  );
}
