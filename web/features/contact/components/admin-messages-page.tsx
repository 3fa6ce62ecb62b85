import { useState } from 'react';
import {
  CONTACT_TOPIC_LABELS,
  type ContactMessageView,
  type ContactTopic,
} from '../../../../api/contact/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/http-client';
import { cn } from '../../../lib/utils';
import { useAdminContactMessages } from '../api/admin-messages';
import { useMarkMessageRead, useMarkMessageUnread } from '../api/message-read-state';
import { formatLocalDateTime } from '../../../lib/local-time';

/** How much of a closed message shows. */
export const PREVIEW_LENGTH = 160;

/** The start of a message, cut at a word and marked as cut. */
export function messagePreview(message: string, length = PREVIEW_LENGTH): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** '3 unread of 10 messages' (or 'All 10 messages read'). */
export function unreadSummary(messages: readonly Pick<ContactMessageView, 'read'>[]): string {
  const unread = messages.filter((m) => !m.read).length;
  const total = `${messages.length} message${messages.length === 1 ? '' : 's'}`;
  return unread === 0 ? `All ${total} read` : `${unread} unread of ${total}`;
}

/**
 * The back office's inbox of contact messages, newest first. An unread message is marked
 * "New" and its sender in bold; opening it (or 'Mark as read') records it read, 'Mark as
 * unread' undoes it.
 */
export function AdminMessagesPage() {
  const messages = useAdminContactMessages();
  return (
    <section className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Contact messages</h1>
        {messages.data && messages.data.length > 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="unread-summary">
            {unreadSummary(messages.data)}
          </p>
        ) : null}
      </div>
      {messages.isPending ? <p className="text-muted-foreground">Loading messages...</p> : null}
      {messages.isError ? (
        <p role="alert" className="text-destructive">
          Failed to load messages
        </p>
      ) : null}
      {messages.data && messages.data.length === 0 ? (
        <p className="text-muted-foreground">No messages yet.</p>
      ) : null}
      <ol className="space-y-4">
        {messages.data?.map((m) => (
          <li key={m._id}>
            <MessageCard message={m} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function MessageCard({ message: m }: { message: ContactMessageView }) {
  const [open, setOpen] = useState(false);
  const markRead = useMarkMessageRead();
  const markUnread = useMarkMessageUnread();
  const pending = markRead.isPending || markUnread.isPending;
  const failed = markRead.error ?? markUnread.error;
  const bodyId = `message-body-${m._id}`;
  const headingId = `message-${m._id}`;

  const toggleOpen = () => {
    const opening = !open;
    setOpen(opening);
    if (opening && !m.read) markRead.mutate(m._id);
  };
  const toggleRead = () => {
    markRead.reset();
    markUnread.reset();
    if (m.read) markUnread.mutate(m._id);
    else markRead.mutate(m._id);
  };

  return (
    <article
      aria-labelledby={headingId}
      data-read={m.read ? 'true' : 'false'}
      className={cn(
        'rounded-lg border bg-card p-5 shadow-card',
        m.read ? 'border-border' : 'border-primary/60 border-l-4',
      )}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id={headingId}
          className={cn('flex flex-wrap items-baseline gap-2', !m.read && 'font-bold')}
        >
          {m.read ? null : <Badge>New</Badge>}
          <span className={m.read ? 'font-medium' : undefined}>{m.name}</span>
          <a href={`mailto:${m.email}`} className="font-normal text-primary underline">
            {m.email}
          </a>
        </h2>
        <p className="text-sm text-muted-foreground">
          {CONTACT_TOPIC_LABELS[m.topic as ContactTopic] ?? m.topic} ·{' '}
          <time dateTime={m.receivedAt}>{formatLocalDateTime(m.receivedAt)}</time>
        </p>
      </header>
      <div id={bodyId} className="mt-3">
        {open ? (
          <p className="whitespace-pre-wrap leading-7">{m.message}</p>
        ) : (
          <p className="leading-7 text-muted-foreground">{messagePreview(m.message)}</p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={toggleOpen}
        >
          {open ? 'Close message' : 'Open message'}
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={pending} onClick={toggleRead}>
          {m.read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(failed, 'The message could not be updated. Please try again.')}
        </p>
      ) : null}
    </article>
  );
}
