import { Children, isValidElement, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { ScrollFrame } from './scroll-frame';

/** The text a React node renders (strings and numbers, through elements' children). */
const textOf = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number'
    ? `${node}`
    : Array.isArray(node)
      ? node.map(textOf).join('')
      : isValidElement<{ children?: ReactNode }>(node)
        ? textOf(node.props.children)
        : '';

/** The table's name: its aria-label, else the text of its <caption> (or TableCaption) child. */
const tableName = ({ children, 'aria-label': label }: ComponentProps<'table'>) =>
  label ??
  (textOf(
    Children.toArray(children).find(
      (c) => isValidElement(c) && (c.type === 'caption' || c.type === TableCaption),
    ),
  ).trim() ||
    undefined);

/**
 * A table that scrolls sideways inside its own box instead of widening the page; the box says
 * so and is keyboard-scrollable while it overflows (ScrollFrame). The box is named from the
 * table's aria-label or caption as it renders, so the server's HTML already has the named,
 * focusable region (found only once mounted, a phone without JavaScript, or before
 * hydration, had a wide table it could not scroll from the keyboard).
 *
 * `stacked`: below 40rem each row is a block and each cell a line named by its column
 * (TableCell's `label`; styles.css, `table[data-stacked]`), for tables whose later columns carry
 * what the row is about (an audit entry's change, a rule's explanation): scrolled sideways, they
 * started off-screen. Chromium keeps the rows and cells of such a table in the accessibility tree
 * (a journey checks it); explicit roles on them, which WebKit might need, are invalid HTML (the
 * validator refuses a role on a row of a table).
 */
export function Table({
  className,
  stacked = false,
  ...props
}: ComponentProps<'table'> & { stacked?: boolean }) {
  return (
    <ScrollFrame label={tableName(props)}>
      <table
        data-slot="table"
        data-stacked={stacked ? '' : undefined}
        className={cn('w-full caption-bottom text-sm', className)}
        {...props}
      />
    </ScrollFrame>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('[&_tr]:border-b [&_tr]:border-border', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b border-border transition-colors hover:bg-surface data-[state=selected]:bg-muted',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A column's header keeps to one line; a row's header (a fee's or a fact's name) wraps: kept to
 * one line, 'Membership includes the medication' pushed the provider page's tables past a
 * phone's width.
 */
export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  const rowHeader = props.scope === 'row';
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 px-3 text-left align-middle font-semibold text-muted-foreground',
        rowHeader ? 'whitespace-normal py-2' : 'whitespace-nowrap',
        className,
      )}
      {...props}
    />
  );
}

/** `label`: the column's name, shown before the value when the table is stacked. */
export function TableCell({
  className,
  label,
  ...props
}: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-slot="table-cell"
      data-label={label}
      className={cn('px-3 py-2.5 align-middle', className)}
      {...props}
    />
  );
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
