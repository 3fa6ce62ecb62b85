/**
 * decorativeIcon draws the provider cards' icons without Lucide's per-render work: its markup
 * must be Lucide's, attribute for attribute, or a page would hydrate over something else.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Check, Copy, ExternalLink, type LucideIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { decorativeIcon } from '../../../web/components/ui/decorative-icon';

const ICONS: Array<[string, LucideIcon]> = [
  ['Check', Check],
  ['Copy', Copy],
  ['ExternalLink', ExternalLink],
];
const CLASS_NAMES = [
  undefined,
  '',
  'size-4 shrink-0',
  'mt-0.5 size-4 shrink-0 text-primary',
  // Lucide keeps each class once.
  'size-4  size-4 lucide',
];

describe('Given a Lucide icon drawn by decorativeIcon', () => {
  describe.each(ICONS)('%s', (_name, Icon) => {
    const Decorative = decorativeIcon(Icon);
    it.each(CLASS_NAMES.map((className) => [className]))(
      "with class %j, Then the markup is Lucide's own, the second time too",
      (className) => {
        const lucide = renderToStaticMarkup(<Icon className={className} aria-hidden="true" />);
        const props = className === undefined ? {} : { className };
        const drawn = () => renderToStaticMarkup(<Decorative {...props} aria-hidden="true" />);
        expect(drawn()).toBe(lucide);
        expect(drawn()).toBe(lucide);
      },
    );
  });
});
