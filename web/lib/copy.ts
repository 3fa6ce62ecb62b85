/** Coupon chip copy feedback (spec sections 4, 8 and 9). */
export const COUPON_MESSAGES = {
  copied: (code: string): string => `Coupon code "${code}" copied to clipboard!`,
  failed: 'Failed to copy coupon code',
} as const;

/** Label the chip shows after copying, and for how long (ms). */
export const COPIED_LABEL = 'Copied!';
export const COPIED_MS = 2000;
