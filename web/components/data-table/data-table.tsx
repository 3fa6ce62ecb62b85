/**
 * The back office's data table: TanStack Table (headless) styled with the design system, for
 * every admin list. The server sorts, filters and pages (the screen keeps those in its URL and
 * passes them in); the table owns column visibility and row selection. Under 640 px the same
 * rows show as cards (`renderCard`), with the same selection checkbox. Names no feature.
 */
import { useState, type ReactNode } from 'react';
import {
  columnVisibilityFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type ColumnVisibilityState,
  type RowData,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Columns3 } from 'lucide-react';
import { Button } from '../ui/button';
import { Checkbox } from '../ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';
import { cn } from '../../lib/utils';

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature, rowSelectionFeature });

/** One column: its header, how a row shows in it, and whether the server sorts by it. */
export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server can sort by this column. */
  sortable?: boolean;
  /** Can be hidden from the Columns menu (default true; the name column says false). */
  hideable?: boolean;
  className?: string;
}

export interface DataSort {
  id: string;
  desc: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name ('Providers'). */
  label: string;
  rows: readonly T[];
  rowId: (row: T) => string;
  /** How a row is named to screen readers ('Select Acme Health'). */
  rowName: (row: T) => string;
  columns: readonly DataColumn<T>[];
  sort: DataSort | null;
  onSortChange: (sort: DataSort | null) => void;
  /** The same row as a card, under 640 px; `select` is its selection checkbox (or null). */
  renderCard: (row: T, select: ReactNode) => ReactNode;
  /** Bulk actions for the selected rows; `clear` empties the selection. */
  bulkActions?: (selectedIds: string[], clear: () => void) => ReactNode;
}

function sortIcon(direction: false | 'asc' | 'desc') {
  if (direction === 'asc') return <ArrowUp aria-hidden="true" />;
  if (direction === 'desc') return <ArrowDown aria-hidden="true" />;
  return <ArrowUpDown aria-hidden="true" className="opacity-50" />;
}

export function DataTable<T extends RowData>({
  label,
  rows,
  rowId,
  rowName,
  columns,
  sort,
  onSortChange,
  renderCard,
  bulkActions,
}: DataTableProps<T>) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({});
  const sorting: SortingState = sort ? [sort] : [];
  const selectable = bulkActions !== undefined;

  const table = useTable({
    features,
    data: rows as T[],
    columns: columns.map((column): ColumnDef<typeof features, T> => ({
      id: column.id,
      header: column.header,
      accessorFn: (row: T) => rowId(row),
      enableSorting: column.sortable === true,
      enableHiding: column.hideable !== false,
    })),
    getRowId: (row: T) => rowId(row),
    manualSorting: true,
    enableRowSelection: selectable,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      onSortChange(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
    },
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const clear = () => setRowSelection({});
  const pageRows = table.getRowModel().rows;
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  const selectBox = (id: string, name: string, checked: boolean, toggle: (on: boolean) => void) => (
    <Checkbox
      aria-label={`Select ${name}`}
      checked={checked}
      onCheckedChange={(state) => toggle(state === true)}
      data-row-id={id}
    />
  );

  return (
    // min-w-0 and one minmax(0, 1fr) column: a wide table would otherwise widen its grid and
    // the page's; it scrolls sideways in its own frame instead (web/components/ui/table.tsx).
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {selectable && selectedIds.length > 0 ? (
          <div
            role="group"
            aria-label="Bulk actions"
            className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-surface px-3 py-2"
          >
            <span className="text-sm font-medium" aria-live="polite">
              {selectedIds.length} selected
            </span>
            {bulkActions(selectedIds, clear)}
            <Button variant="ghost" size="sm" onClick={clear}>
              Clear selection
            </Button>
          </div>
        ) : null}
        {hideable.length > 0 ? (
          <details className="relative ml-auto hidden sm:block">
            <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border border-input px-3 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
              <Columns3 aria-hidden="true" className="size-4" />
              Columns
            </summary>
            <fieldset className="absolute right-0 z-20 mt-1 grid min-w-48 gap-1 rounded-md border border-border bg-background p-2 shadow-lg">
              <legend className="sr-only">Columns shown</legend>
              {hideable.map((column) => (
                <label key={column.id} className="flex min-h-9 items-center gap-2 text-sm">
                  <Checkbox
                    checked={column.getIsVisible()}
                    onCheckedChange={(state) => column.toggleVisibility(state === true)}
                  />
                  {byId.get(column.id)?.header}
                </label>
              ))}
            </fieldset>
          </details>
        ) : null}
      </div>

      <div className="hidden sm:block">
        <Table aria-label={label}>
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {selectable ? (
                  <TableHead className="w-10">
                    <Checkbox
                      aria-label="Select all rows on this page"
                      checked={
                        table.getIsAllPageRowsSelected()
                          ? true
                          : table.getIsSomePageRowsSelected()
                            ? 'indeterminate'
                            : false
                      }
                      onCheckedChange={(state) => table.toggleAllPageRowsSelected(state === true)}
                    />
                  </TableHead>
                ) : null}
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  const direction = header.column.getIsSorted();
                  return (
                    <TableHead
                      key={header.id}
                      className={column?.className}
                      aria-sort={
                        direction === 'asc'
                          ? 'ascending'
                          : direction === 'desc'
                            ? 'descending'
                            : undefined
                      }
                    >
                      {column?.sortable ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="-ml-3 h-9"
                          onClick={() => header.column.toggleSorting(direction === 'asc')}
                        >
                          {column.header}
                          {sortIcon(direction)}
                          <span className="sr-only">
                            {direction === 'asc'
                              ? ', sorted ascending; sort descending'
                              : direction === 'desc'
                                ? ', sorted descending; sort ascending'
                                : ', sort ascending'}
                          </span>
                        </Button>
                      ) : (
                        column?.header
                      )}
                    </TableHead>
                  );
                })}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {pageRows.map((row) => (
              <TableRow key={row.id} data-state={row.getIsSelected() ? 'selected' : undefined}>
                {selectable ? (
                  <TableCell>
                    {selectBox(row.id, rowName(row.original), row.getIsSelected(), (on) =>
                      row.toggleSelected(on),
                    )}
                  </TableCell>
                ) : null}
                {row.getVisibleCells().map((cell) => {
                  const column = byId.get(cell.column.id);
                  return (
                    <TableCell key={cell.id} className={column?.className}>
                      {column?.cell(row.original)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul className="grid gap-4 sm:hidden" aria-label={label}>
        {pageRows.map((row) => (
          <li key={row.id}>
            {renderCard(
              row.original,
              selectable
                ? selectBox(row.id, rowName(row.original), row.getIsSelected(), (on) =>
                    row.toggleSelected(on),
                  )
                : null,
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Page n of m, with Previous / Next and the page size. */
export function DataPager({
  page,
  pageSize,
  total,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label="Pages"
      className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}
    >
      <label className="flex items-center gap-2">
        Rows per page
        <select
          className="h-11 rounded-md border border-input bg-background px-2 sm:h-9"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-center gap-2">
        <span aria-live="polite">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
