/**
 * A wide table scrolls inside its own box, which must reach the browser as a named region in
 * the Tab order: a phone visitor whose JavaScript has not run (yet) scrolls it with the arrow
 * keys (WCAG 2.1.1). The name comes from the table's aria-label, else its caption, as the
 * server renders it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableRow,
} from '../../../web/components/ui/table';

const row = (
  <TableBody>
    <TableRow>
      <TableCell>Membership</TableCell>
    </TableRow>
  </TableBody>
);

/** The scrolling box's opening tag. */
function frameOf(html: string): string {
  return /<div[^>]*data-slot="scroll-frame"[^>]*>/.exec(html)?.[0] ?? '';
}

describe('Given a table rendered on the server', () => {
  it.each([
    [
      'an aria-label',
      <Table key="a" aria-label="Fees, item by item">
        {row}
      </Table>,
      'Fees, item by item',
    ],
    [
      'a caption of text',
      <Table key="b">
        <caption>Exit terms</caption>
        {row}
      </Table>,
      'Exit terms',
    ],
    [
      'a caption made of text and values',
      <Table key="c">
        <caption className="sr-only">
          {'Starter plan'}: {3} months, <span>item by item</span>
        </caption>
        {row}
      </Table>,
      'Starter plan: 3 months, item by item',
    ],
    [
      'a TableCaption',
      <Table key="d">
        <TableCaption className="sr-only">Audit log entries</TableCaption>
        {row}
      </Table>,
      'Audit log entries',
    ],
  ])('with %s, Then its box is a region of that name in the Tab order', (_case, table, name) => {
    const frame = frameOf(renderToStaticMarkup(table));
    expect(frame).toContain('role="region"');
    expect(frame).toContain(`aria-label="${name}"`);
    expect(frame).toContain('tabindex="0"');
  });

  it('with neither, Then its box waits to be named in the browser (no region named nothing)', () => {
    const frame = frameOf(renderToStaticMarkup(<Table>{row}</Table>));
    expect(frame).not.toContain('role="region"');
    expect(frame).not.toContain('tabindex');
  });
});
