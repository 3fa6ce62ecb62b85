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
  changeLabel,
  formatAuditChange,
  humanEventType,
  humanFieldName,
} from '../audit';
import { formatLocalDateTime } from '../../../lib/local-time';
import { GROUP_OF_FACTS_NOTE, revertability, RevertChangeButton } from './revert-change';

/**
 * What changed: each field with its value before -> after (money as money), each with
 * 'Revert this change' where the value before is known; or the field names alone.
 */
function Changes({ entry, revert }: { entry: AuditEntryView; revert: boolean }) {
  if (entry.changes && entry.changes.length > 0) {
    return (
      <ul className="grid gap-1">
        {entry.changes.map((c, i) => {
          const can = revert ? revertability(entry, c) : { ok: false as const, reason: null };
          return (
            // A group of facts may change two lines of one label (two cautions).
            <li key={`${i}:${c.field}`}>
              <span className="font-medium">{changeLabel(c)}</span>:{' '}
              <span className="[overflow-wrap:anywhere]">
                {formatAuditChange(c, 'before')}
                {' -> '}
                {formatAuditChange(c, 'after')}
              </span>
              {can.ok ? <RevertChangeButton entry={entry} change={c} /> : null}
              {!can.ok && can.reason ? (
                <span className="block text-xs text-muted-foreground">{can.reason}</span>
              ) : null}
            </li>
          );
        })}
        {revert && entry.changes.some((c) => c.kind === 'words') ? (
          <li className="text-xs text-muted-foreground">{GROUP_OF_FACTS_NOTE}</li>
        ) : null}
      </ul>
    );
  }
  return (
    <>{entry.changedFields.length > 0 ? entry.changedFields.map(humanFieldName).join(', ') : '—'}</>
  );
}

/**
 * Audit entries as a table: when (in `timeZone`, named in the header), who, what, which item,
 * before -> after. Sized to fit 1280 px without sideways scrolling: the time and the actor keep
 * a width of their own ('System' never breaks), long values wrap inside their cell. Stacked on a
 * phone: scrolled sideways, what happened and the change started off-screen.
 */
export function AuditEntries({
  entries,
  caption,
  timeZone,
  linkSubjects = true,
  revert = true,
}: {
  entries: readonly AuditEntryView[];
  caption: string;
  timeZone: string;
  linkSubjects?: boolean;
  /** Offer 'Revert this change' per field (default on). */
  revert?: boolean;
}) {
  return (
    <Table stacked>
      <TableCaption className="sr-only">{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="whitespace-nowrap">When ({timeZone})</TableHead>
          <TableHead className="min-w-32">Who</TableHead>
          <TableHead>What</TableHead>
          <TableHead>Item</TableHead>
          <TableHead>Before -&gt; after</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry._id}>
            <TableCell className="whitespace-nowrap align-top tabular-nums">
              <time dateTime={entry.occurredAt}>
                {formatLocalDateTime(entry.occurredAt, { timeZone })}
              </time>
            </TableCell>
            <TableCell label="Who" className="min-w-32 max-w-56 align-top [overflow-wrap:anywhere]">
              {auditActor(entry.actor)}
            </TableCell>
            <TableCell className="min-w-40 align-top [overflow-wrap:anywhere]">
              <span className="font-medium">{humanEventType(entry.eventType)}</span>
              {entry.summary ? (
                <span className="block text-muted-foreground">{entry.summary}</span>
              ) : null}
            </TableCell>
            {/* break-word, not anywhere: a name breaks between words, never inside one. */}
            <TableCell label="Item" className="min-w-32 align-top [overflow-wrap:break-word]">
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
            <TableCell
              label="Before -> after"
              // '—' on its own line of a phone's block says nothing.
              data-empty={
                !entry.changes?.length && entry.changedFields.length === 0 ? '' : undefined
              }
              className="min-w-48 align-top"
            >
              <Changes entry={entry} revert={revert} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
