import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import type { AuditFilters } from '../../../../api/contracts/back-office';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { localTimeZone } from '../../../lib/local-time';
import { dayStart } from '../audit';
import { auditCsvHref, useAuditPages } from '../api/audit-page';
import { AuditEntries } from './audit-entries';

/** The log's filters as the URL keeps them: dates are days in the administrator's zone. */
export interface AuditSearch {
  subjectId?: string;
  kind?: string;
  actor?: string;
  from?: string;
  to?: string;
}

/** An item the log can be filtered to (a provider), by id, with its display name. */
export interface AuditSubject {
  id: string;
  name: string;
}

const KINDS = [
  { value: '', label: 'Everything' },
  { value: 'provider', label: 'Providers' },
  { value: 'admin', label: 'Administrators' },
  { value: 'subscription', label: 'Subscriptions' },
  { value: 'site-content', label: 'Site content' },
  { value: 'seo-override', label: 'SEO overrides' },
];

// min-w-0: a long provider name must not widen the select past its grid column.
const selectClass = 'h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm';

/**
 * /admin/audit: every change, newest first, a page at a time (older pages on request), by
 * item kind, administrator and day range, in the administrator's time zone, exportable as CSV.
 */
export function AdminAuditPage({
  search,
  subjects,
  onSearchChange,
}: {
  search: AuditSearch;
  subjects: readonly AuditSubject[] | undefined;
  onSearchChange: (next: AuditSearch) => void;
}) {
  const timeZone = localTimeZone();
  const filters: AuditFilters = {
    subjectId: search.subjectId,
    kind: search.kind,
    actor: search.actor,
    from: dayStart(search.from),
    to: dayStart(search.to, 1),
  };
  const pages = useAuditPages(filters);
  const [actor, setActor] = useState(search.actor ?? '');
  const ids = { kind: useId(), actor: useId(), from: useId(), to: useId(), subject: useId() };
  const entries = pages.data?.pages.flatMap((p) => p.entries) ?? [];
  const subjectName =
    subjects?.find((s) => s.id === search.subjectId)?.name ??
    entries.find((e) => e.subject.id === search.subjectId)?.subject.name ??
    search.subjectId;
  const set = (patch: AuditSearch) => onSearchChange({ ...search, ...patch });
  const filtered = Object.values(search).some(Boolean);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit log</h1>
          <p className="text-sm text-muted-foreground">
            {search.subjectId
              ? `Changes to ${subjectName}, newest first.`
              : 'Every change, newest first.'}{' '}
            Times are in {timeZone}.
          </p>
        </div>
        <Button variant="outline" asChild>
          <a href={auditCsvHref(filters)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>

      {/* The two days share a row even on a phone, where the other filters take one each. */}
      <form
        className="grid grid-cols-2 gap-3 lg:grid-cols-5 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          set({ actor: actor.trim() || undefined });
        }}
      >
        <div className="col-span-2 grid gap-2 sm:col-span-1">
          <Label htmlFor={ids.subject}>Provider</Label>
          <select
            id={ids.subject}
            className={selectClass}
            value={search.subjectId ?? ''}
            onChange={(e) => set({ subjectId: e.target.value || undefined })}
          >
            <option value="">All providers</option>
            {search.subjectId && !subjects?.some((s) => s.id === search.subjectId) ? (
              <option value={search.subjectId}>{subjectName}</option>
            ) : null}
            {(subjects ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 grid gap-2 sm:col-span-1">
          <Label htmlFor={ids.kind}>Kind of item</Label>
          <select
            id={ids.kind}
            className={selectClass}
            value={search.kind ?? ''}
            onChange={(e) => set({ kind: e.target.value || undefined })}
          >
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 grid gap-2 sm:col-span-1">
          <Label htmlFor={ids.actor}>Administrator (e-mail)</Label>
          <Input
            id={ids.actor}
            type="email"
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            onBlur={() => set({ actor: actor.trim() || undefined })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.from}>From (day)</Label>
          <Input
            id={ids.from}
            type="date"
            value={search.from ?? ''}
            onChange={(e) => set({ from: e.target.value || undefined })}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.to}>To (day, included)</Label>
          <Input
            id={ids.to}
            type="date"
            value={search.to ?? ''}
            onChange={(e) => set({ to: e.target.value || undefined })}
          />
        </div>
      </form>
      {filtered ? (
        <div>
          <Button variant="ghost" asChild>
            <Link to="/admin/audit" search={{}}>
              Show all changes
            </Link>
          </Button>
        </div>
      ) : null}

      <p role="status" aria-live="polite" className="sr-only">
        {pages.isPending
          ? 'Loading the audit log...'
          : pages.isSuccess
            ? `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} shown`
            : ''}
      </p>

      {pages.isError ? (
        <div className="grid gap-3">
          <LiveMessage
            message={`Failed to load the audit log. ${errorMessage(pages.error, '')}`.trim()}
          />
          <div>
            <Button variant="outline" onClick={() => void pages.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}

      {pages.isPending ? (
        <div className="grid gap-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : null}

      {pages.isSuccess && entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          No changes recorded yet.
        </p>
      ) : null}

      {entries.length > 0 ? (
        <AuditEntries
          entries={entries}
          caption={`Audit log${search.subjectId ? ` for ${subjectName}` : ''}`}
          timeZone={timeZone}
        />
      ) : null}
      {pages.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
