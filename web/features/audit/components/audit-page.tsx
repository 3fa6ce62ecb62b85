import { useId } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { LiveMessage } from '../../../components/field';
import { errorMessage } from '../../../lib/http-client';
import { auditActor, formatAuditTime, humanEventType, humanFieldName } from '../audit';
import { useAuditLog } from '../api/audit-log';

const ALL = 'all';

/** An item the log can be filtered to (a provider), by id, with its display name. */
export interface AuditSubject {
  id: string;
  name: string;
}

/**
 * /admin/audit?subjectId=…: who changed what and when, newest first, optionally for one
 * provider. `subjects` are the filter's choices (the route passes the providers).
 */
export function AdminAuditPage({
  subjectId,
  subjects,
}: {
  subjectId: string | undefined;
  subjects: readonly AuditSubject[] | undefined;
}) {
  const audit = useAuditLog(subjectId);
  const navigate = useNavigate();
  const filterId = useId();

  const entries = audit.data ?? [];
  const providerOptions = [...(subjects ?? [])];
  const filteredName =
    providerOptions.find((p) => p.id === subjectId)?.name ??
    entries.find((e) => e.subject.id === subjectId)?.subject.name ??
    subjectId;
  if (subjectId && !providerOptions.some((p) => p.id === subjectId)) {
    // A deleted provider's history is still reachable from its link.
    providerOptions.push({ id: subjectId, name: filteredName ?? subjectId });
  }

  const setFilter = (value: string) =>
    void navigate({ to: '/admin/audit', search: value === ALL ? {} : { subjectId: value } });

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit log</h1>
        <p className="text-sm text-muted-foreground">
          {subjectId
            ? `Changes to ${filteredName}, newest first.`
            : 'Every change, newest first (the last 50).'}
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div className="grid w-full gap-2 sm:w-72">
          <Label htmlFor={filterId}>Provider</Label>
          <Select value={subjectId ?? ALL} onValueChange={setFilter}>
            <SelectTrigger id={filterId}>
              <SelectValue placeholder="All providers" />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All providers</SelectItem>
              {providerOptions.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {subjectId ? (
          <Button variant="ghost" asChild>
            <Link to="/admin/audit" search={{}}>
              Show all changes
            </Link>
          </Button>
        ) : null}
      </div>

      <p role="status" aria-live="polite" className="sr-only">
        {audit.isPending
          ? 'Loading the audit log...'
          : audit.isSuccess
            ? `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`
            : ''}
      </p>

      {audit.isError ? (
        <div className="grid gap-3">
          <LiveMessage
            message={`Failed to load the audit log. ${errorMessage(audit.error, '')}`.trim()}
          />
          <div>
            <Button variant="outline" onClick={() => void audit.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : null}

      {audit.isPending ? (
        <div className="grid gap-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : null}

      {audit.isSuccess && entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
          No changes recorded yet.
        </p>
      ) : null}

      {entries.length > 0 ? (
        <Table>
          <TableCaption className="sr-only">
            Audit log{subjectId ? ` for ${filteredName}` : ''}
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Provider</TableHead>
              <TableHead>Changed fields</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry._id}>
                <TableCell className="whitespace-nowrap tabular-nums">
                  <time dateTime={entry.occurredAt}>
                    {/* Admin data is fetched in the browser only, so the browser's time zone is safe here. */}
                    {formatAuditTime(entry.occurredAt)}
                  </time>
                </TableCell>
                <TableCell className="break-all">{auditActor(entry.actor)}</TableCell>
                <TableCell>
                  <span className="font-medium">{humanEventType(entry.eventType)}</span>
                  {entry.summary ? (
                    <span className="block text-muted-foreground">{entry.summary}</span>
                  ) : null}
                </TableCell>
                <TableCell>
                  {entry.subject.kind === 'provider' && entry.subject.id !== subjectId ? (
                    <Link
                      to="/admin/audit"
                      search={{ subjectId: entry.subject.id }}
                      className="text-primary underline-offset-4 hover:underline"
                    >
                      {entry.subject.name}
                    </Link>
                  ) : (
                    entry.subject.name
                  )}
                </TableCell>
                <TableCell>
                  {entry.changedFields.length > 0
                    ? entry.changedFields.map(humanFieldName).join(', ')
                    : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
