import { describe, expect, it } from 'vitest';
import {
  SCROLL_TO_TOP_THRESHOLD,
  shouldShowScrollToTop,
} from '../../../web/components/layout/scroll-to-top';

const past = SCROLL_TO_TOP_THRESHOLD + 500;

describe('when the scroll-to-top button shows', () => {
  it.each([
    // scrollY, previous, narrow, shown before, shown
    ['at the top, wide', 0, 0, false, false, false],
    ['at the threshold, wide', SCROLL_TO_TOP_THRESHOLD, 0, false, false, false],
    ['just past it, wide', SCROLL_TO_TOP_THRESHOLD + 1, 0, false, false, true],
    ['scrolling down, wide (a margin to sit in)', past, past - 50, false, false, true],
    ['scrolling down on a phone (reading)', past, past - 50, true, true, false],
    ['scrolling up on a phone', past - 50, past, true, false, true],
    ['scrolling up on a phone above the threshold', 100, 400, true, true, false],
    ['no movement on a phone keeps what was shown', past, past, true, true, true],
    ['no movement on a phone keeps what was hidden', past, past, true, false, false],
  ] as const)('%s', (_case, y, previous, narrow, before, expected) => {
    expect(shouldShowScrollToTop(y, previous, narrow, before)).toBe(expected);
  });
});
