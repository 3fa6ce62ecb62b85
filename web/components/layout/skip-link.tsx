import type { MouseEvent } from 'react';

const SKIP_LINK_CLASS =
  'sr-only z-50 rounded-md bg-primary px-4 py-3 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4';

/** The public site's skip link: to its <main id="main">. */
export function SkipToMain() {
  return (
    <a href="#main" className={SKIP_LINK_CLASS}>
      Skip to content
    </a>
  );
}

/**
 * Moves the focus to the page's main heading (the first h1 inside the element `mainId`), made
 * focusable by script only (tabindex -1): the next Tab reaches the page's first control. False
 * when there is no heading yet (the link then goes to the main region itself).
 */
export function focusMainHeading(mainId: string): boolean {
  const heading = document.getElementById(mainId)?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * The back office's skip link: past its header and section navigation to the page's main
 * heading, whichever screen renders it (screens need no id of their own). Without script it
 * is a plain link to the main region.
 */
export function SkipToHeading({ mainId }: { mainId: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusMainHeading(mainId)) event.preventDefault();
  };
  return (
    <a href={`#${mainId}`} onClick={onClick} className={SKIP_LINK_CLASS}>
      Skip to content
    </a>
  );
}
