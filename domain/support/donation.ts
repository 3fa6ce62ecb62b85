/** Support page (spec section 9): one-time donations only, no form validation. */
export const DONATION_PRESETS: readonly number[] = [5, 10, 25, 50, 100];
export const DEFAULT_DONATION = 10;
