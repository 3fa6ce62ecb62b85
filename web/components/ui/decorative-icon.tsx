/**
 * A Lucide icon drawn as Lucide draws it, without Lucide's work on every render: for the icons
 * repeated on every provider card (a check per feature, the coupon's copy icon, the external
 * link). Lucide's component rebuilds the icon's attributes on each render (object spreads,
 * class names split and merged): 106 icons were 2.1 ms of a 150 KB city page's server render
 * at 2,000 providers. Here the icon's parts are made once, and its <svg> once per class name.
 * The markup is Lucide's, attribute for attribute (tests/platform/ui/decorative-icon.test.tsx),
 * so a page hydrates over it unchanged.
 *
 * Decorative only: always aria-hidden, no other attributes, no ref.
 *
 * Used on the server only (`serverDrawnIcon`): the browser renders a page once, at hydration,
 * with Lucide's own component (the same markup), and its bundle does not carry this module.
 */
import { createElement, type ReactElement } from 'react';
import type { LucideIcon } from 'lucide-react';

type IconNode = ReadonlyArray<readonly [tag: string, attributes: Record<string, string | number>]>;

/** What createLucideIcon gives Lucide's inner Icon component: the icon's name and parts. */
interface LucideIconData {
  name: string;
  node: IconNode;
}

/** Lucide's <svg> attributes, in Lucide's order (React's names). */
const SVG_ATTRIBUTES = {
  xmlns: 'http://www.w3.org/2000/svg',
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Lucide's class merge: each class once, in first-seen order. */
function mergeClasses(...classes: string[]): string {
  const tokens = new Set<string>();
  for (const list of classes) for (const token of list.split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(' ');
}

/**
 * The icon's data, read from its component: createLucideIcon makes a forwardRef whose render
 * only hands that data to Lucide's Icon (no hooks), so calling it gives the element that carries
 * it. The cast is the reason this module exists: Lucide's types do not describe that render.
 */
function iconDataOf(icon: LucideIcon): LucideIconData {
  const render = (
    icon as unknown as {
      render(props: object, ref: null): ReactElement<{ icon: LucideIconData }>;
    }
  ).render;
  return render({}, null).props.icon;
}

export interface DecorativeIconProps {
  className?: string;
  /** Said at each use, so the markup reads as what it is. */
  'aria-hidden': 'true';
}

export function decorativeIcon(icon: LucideIcon): (props: DecorativeIconProps) => ReactElement {
  const data = iconDataOf(icon);
  // Lucide's own keys are in the attributes (React takes `key` out of them).
  const parts = data.node.map(([tag, attributes]) => createElement(tag, attributes));
  const iconClass = `lucide lucide-${data.name}`;
  const byClass = new Map<string, ReactElement>();
  function DecorativeIcon({ className = '' }: DecorativeIconProps): ReactElement {
    let svg = byClass.get(className);
    if (svg === undefined) {
      svg = createElement(
        'svg',
        {
          ...SVG_ATTRIBUTES,
          className: mergeClasses(iconClass, className),
          'aria-hidden': 'true',
        },
        parts,
      );
      byClass.set(className, svg);
    }
    return svg;
  }
  DecorativeIcon.displayName = `Decorative(${data.name})`;
  return DecorativeIcon;
}

/**
 * The icon drawn by `decorativeIcon` when the server renders, Lucide's own component in the
 * browser (Vite replaces `import.meta.env.SSR`, so the browser's bundle leaves the rest out).
 */
export function serverDrawnIcon(
  icon: LucideIcon,
): LucideIcon | ((props: DecorativeIconProps) => ReactElement) {
  return import.meta.env.SSR ? decorativeIcon(icon) : icon;
}
