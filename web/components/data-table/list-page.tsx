/**
 * The back office's list screen, one shell for every admin list: the title with its actions,
 * the search box and filters (kept in the route's search params, so a view can be linked and
 * reloaded), the list's status for screen readers, loading, the empty state, the table (cards
 * under 640 px) and the pager. A screen declares its query, columns, filters, card and empty
 * state; the shell names no feature.
 */
import { Fragment, useEffect, type ReactElement, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { RowData } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../ui/button';
import { useToast } from '../ui/toast';
import { errorMessage } from '../../lib/http-client';
import { DataPager, DataTable, type DataSort, type DataTableProps } from './data-table';
import { ListStatus, type ListQuery } from './list-status';
import { SearchBox } from './search-box';
import { StatusFilter } from './status-filter';
import { useListSearch } from './list-search';

/** The URL state every searchable list shares; a screen's own filters come beside it. */
export interface ListParams {
  q?: string;
  /** The status filter's choice, when the list has one. */
  status?: string;
  page?: number;
  pageSize?: number;
}

/** A list kept in the URL: its params, how to change them, its search box and filters. */
export interface ListUrl<S extends ListParams> {
  search: S;
  onSearchChange: (next: S) => void;
  searchBox?: { id: string; label: string; placeholder: string };
  /** The status filter, first beside the search box: 'All …' then each status's label. */
  statusFilter?: { id: string; allLabel: string; labels: Readonly<Record<string, string>> };
  /** The filters beside the search box; `set` changes the URL and goes back to page 1. */
  filters?: (set: (patch: Partial<S>) => void) => readonly ReactElement[];
  /** The pager: the page shown, its size and the sizes offered. */
  pager?: { page: number; pageSize: number; pageSizes: readonly number[] };
}

/** What the empty state can do: empty the search box and every filter. */
export interface EmptyList {
  clear: () => void;
}

export interface ListPageProps<T, S extends ListParams> {
  title: string;
  /** The title can take the focus (an editor gives it back on leaving). */
  focusableTitle?: boolean;
  description?: ReactNode;
  /** Buttons beside the title (Add, Export CSV). */
  actions?: ReactNode;
  /** Between the title and the list (the keywords' form). */
  intro?: ReactNode;
  url?: ListUrl<S>;
  query: ListQuery;
  rows: readonly T[];
  total: number;
  /** [singular, plural], for the status ('3 providers shown') and the default loading text. */
  noun: readonly [string, string];
  /** A toast when loading fails, with this title (the status shows the error either way). */
  loadFailedToast?: string;
  table: Omit<DataTableProps<T>, 'rows' | 'sort' | 'onSortChange'> & {
    sort?: DataSort | null;
    onSortChange?: (sort: DataSort | null) => void;
  };
  /** While loading (default: 'Loading <plural>...'). */
  loading?: ReactNode;
  /** When loaded and there are no rows. */
  empty?: ReactNode | ((list: EmptyList) => ReactNode);
  /** The list in its own section under an h2, with what follows it there. */
  section?: { id: string; heading: string; after?: ReactNode };
  /** After the list: its dialogs, other cards. */
  children?: ReactNode;
}

const FILTER_GRID = [
  '',
  'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]',
  'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]',
] as const;

export function ListPage<T extends RowData, S extends ListParams>(props: ListPageProps<T, S>) {
  const { url, query, rows, total, noun, table, empty, section } = props;
  const { toast } = useToast();
  const set = (patch: Partial<S>) =>
    url?.onSearchChange({ ...url.search, page: undefined, ...patch });
  // S extends ListParams, so its q, status and pageSize are these; TypeScript cannot see it of a generic.
  const box = useListSearch(url?.search.q, (q) => set({ q } as Partial<S>));

  useEffect(() => {
    if (props.loadFailedToast && query.isError)
      toast({
        title: props.loadFailedToast,
        description: errorMessage(query.error, ''),
        variant: 'error',
      });
  }, [props.loadFailedToast, query.isError, query.error, toast]);

  const clear = () => {
    box.reset();
    url?.onSearchChange({} as S); // every list param is optional: {} is the unfiltered list
  };
  const status = url?.statusFilter;
  const filters = [
    ...(status
      ? [
          <StatusFilter
            {...status}
            value={url?.search.status}
            onChange={(value) => set({ status: value } as Partial<S>)}
          />,
        ]
      : []),
    ...(url?.filters?.(set) ?? []),
  ];
  const controls = (url?.searchBox ? 1 : 0) + filters.length;

  const list = (
    <>
      <ListStatus query={query} total={total} noun={noun} />
      {query.isPending
        ? (props.loading ?? <p className="text-muted-foreground">Loading {noun[1]}...</p>)
        : null}
      {query.isSuccess && rows.length === 0 && empty !== undefined
        ? typeof empty === 'function'
          ? empty({ clear })
          : empty
        : null}
      {rows.length > 0 ? (
        <>
          <DataTable
            {...table}
            rows={rows}
            sort={table.sort ?? null}
            onSortChange={table.onSortChange ?? (() => undefined)}
          />
          {url?.pager ? (
            <DataPager
              {...url.pager}
              total={total}
              onPageChange={(page) => url.onSearchChange({ ...url.search, page })}
              onPageSizeChange={(pageSize) => set({ pageSize } as Partial<S>)}
            />
          ) : null}
        </>
      ) : null}
    </>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <BackToDashboard />
          <h1
            tabIndex={props.focusableTitle ? -1 : undefined}
            className="text-2xl font-bold tracking-tight outline-none sm:text-3xl"
          >
            {props.title}
          </h1>
          {props.description}
        </div>
        {props.actions ? <div className="flex flex-wrap gap-2">{props.actions}</div> : null}
      </div>

      {props.intro}

      {controls > 0 ? (
        <div className={`grid gap-3 sm:items-end ${FILTER_GRID[Math.min(controls - 1, 2)]}`}>
          {url?.searchBox ? (
            <SearchBox {...url.searchBox} value={box.text} onChange={box.setText} />
          ) : null}
          {filters.map((filter, i) => (
            <Fragment key={i}>{filter}</Fragment>
          ))}
        </div>
      ) : null}

      {section ? (
        <section aria-labelledby={section.id} className="grid gap-4">
          <h2 id={section.id} className="text-lg font-semibold">
            {section.heading}
          </h2>
          {list}
          {section.after}
        </section>
      ) : (
        list
      )}

      {props.children}
    </div>
  );
}

/** The back office's way home, above a screen's title. */
export function BackToDashboard() {
  return (
    <Button variant="ghost" asChild className="-ml-3 w-fit">
      <Link to="/admin/dashboard">
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}

/** The plain empty state: one sentence in a bordered box. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-border bg-card p-6 text-center text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * The empty state with a way on: a headline, an optional line, and 'Clear search' when the
 * list is filtered, else the screen's first-record button (`start`).
 */
export function EmptyPanel({
  headline,
  detail,
  filtered,
  list,
  start,
}: {
  headline: ReactNode;
  detail?: ReactNode;
  filtered: boolean;
  list: EmptyList;
  start: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-4 rounded-lg border border-dashed border-border px-4 py-12 text-center">
      <p className="text-lg font-semibold">{headline}</p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
      {filtered ? (
        <Button variant="outline" onClick={list.clear}>
          Clear search
        </Button>
      ) : (
        start
      )}
    </div>
  );
}
