import { Link } from '@tanstack/react-router';
import type { AuditEntryView } from '../../../../api/contracts/back-office';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import {
  auditActor,
  formatAuditTime,
  formatChangeValue,
  humanEventType,
  humanFieldName,
} from '../audit';

/** What changed: each field with its value before -> after, or the field names alone. */
function Changes({ entry }: { entry: AuditEntryView }) {
  if (entry.changes && entry.changes.length > 0) {
    return (
      <ul className="grid gap-1">
        {entry.changes.map((c) => (
          <li key={c.field}>
            <span className="font-medium">{humanFieldName(c.field)}</span>:{' '}
            <span className="break-words">
              {'before' in c ? formatChangeValue(c.before) : 'unknown'}
              {' -> '}
              {formatChangeValue(c.after)}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>{entry.changedFields.length > 0 ? entry.changedFields.map(humanFieldName).join(', ') : '—'}</>
  );
}

/** Audit entries as a table: when (in `timeZone`, named in the header), who, what, which item. */
export function AuditEntries({
  entries,
  caption,
  timeZone,
  linkSubjects = true,
}: {
  entries: readonly AuditEntryView[];
  caption: string;
  timeZone: string;
  linkSubjects?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <Table>
        <TableCaption className="sr-only">{caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>When ({timeZone})</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>Item</TableHead>
            <TableHead>Before -&gt; after</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry._id}>
              <TableCell className="whitespace-nowrap tabular-nums">
                <time dateTime={entry.occurredAt}>
                  {formatAuditTime(entry.occurredAt, timeZone)}
                </time>
              </TableCell>
              <TableCell className="[overflow-wrap:anywhere]">{auditActor(entry.actor)}</TableCell>
              <TableCell>
                <span className="font-medium">{humanEventType(entry.eventType)}</span>
                {entry.summary ? (
                  <span className="block text-muted-foreground">{entry.summary}</span>
                ) : null}
              </TableCell>
              <TableCell>
                {linkSubjects && entry.subject.kind === 'provider' ? (
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
              <TableCell className="min-w-48">
                <Changes entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
