import { CONTACT_TOPIC_LABELS, type ContactTopic } from '../../../../api/contact/contracts';
import { useAdminContactMessages } from '../api/admin-messages';

const formatReceived = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The back office's read-only inbox of contact messages, newest first. */
export function AdminMessagesPage() {
  const messages = useAdminContactMessages();
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Contact messages</h1>
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
          <li key={m._id} className="rounded-lg border border-border bg-card p-5 shadow-card">
            <article aria-labelledby={`message-${m._id}`}>
              <header className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={`message-${m._id}`} className="font-semibold">
                  {m.name}{' '}
                  <a href={`mailto:${m.email}`} className="font-normal text-primary underline">
                    {m.email}
                  </a>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {CONTACT_TOPIC_LABELS[m.topic as ContactTopic] ?? m.topic} ·{' '}
                  <time dateTime={m.receivedAt}>{formatReceived(m.receivedAt)}</time>
                </p>
              </header>
              <p className="mt-3 whitespace-pre-wrap leading-7">{m.message}</p>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
