/**
 * /reddit-posts: what Redditors say about GLP-1 medications, from the snapshots the refresh
 * jobs took (spec section 2 'Reddit viewer'). The search, the subreddit and the chip live in
 * the URL: the form is a GET form and the chips are links, so a view can be shared and works
 * without JavaScript; with JavaScript they navigate in place.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import { ArrowBigUp, MessageSquare, RefreshCw, Search } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RedditViewerAnswer } from '../../../../api/reddit/contracts';
import {
  formatRedditScore,
  QUICK_SEARCHES,
  REDDIT_FAILURE_MESSAGE,
  SUBREDDITS,
  type RedditPost,
} from '../../../../domain/reddit/rules';
import {
  formatSnapshotAge,
  REDDIT_QUERY_MAX_LENGTH,
  type ViewerInput,
} from '../../../../domain/reddit/snapshot';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/utils';
import { REDDIT_TITLE } from '../meta';
export { REDDIT_TITLE, REDDIT_DESCRIPTION } from '../meta';

export const LOAD_DEFAULT_LABEL = 'Load Default Posts';

/** The URL's search: the raw values, checked by the page (a bad one is named, not hidden). */
export interface RedditUrlSearch {
  q?: string;
  subreddit?: string;
}

export interface RedditPageProps {
  url: RedditUrlSearch;
  input: ViewerInput;
  answer: UseQueryResult<RedditViewerAnswer> | null;
  /** Navigates in place (JavaScript); links and the GET form work without it. */
  navigate: (next: RedditUrlSearch) => void;
  hrefFor: (next: RedditUrlSearch) => string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

export function RedditPage({ url, input, answer, navigate, hrefFor }: RedditPageProps) {
  const subreddit = input.ok ? input.search.subreddit : 'all';
  const q = url.q?.trim() ?? '';
  const { toast } = useToast();
  const failed = answer?.isError === true;
  // One toast per search: a failed read is tried again when the view mounts (the route's
  // loader tried first), passing through 'pending' in between, which must not toast again.
  const searchKey = input.ok ? `${input.search.subreddit}\u0000${input.search.query}` : '';
  const toastedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!failed || toastedFor.current === searchKey) return;
    toastedFor.current = searchKey;
    toast({ title: REDDIT_FAILURE_MESSAGE, variant: 'error' });
  }, [failed, searchKey, toast]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const nextQ = String(form.get('q') ?? '').trim();
    navigate({ ...(nextQ ? { q: nextQ } : {}), subreddit: String(form.get('subreddit') ?? 'all') });
  };
  const loadDefault = () => {
    navigate({ subreddit: 'all' });
    void answer?.refetch();
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-8 pb-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
        {REDDIT_TITLE}
      </h1>
      <p className="mt-3 text-base text-muted-foreground">
        Recent public Reddit threads about GLP-1 medications, refreshed every few hours.
      </p>
      <p className="mt-3 rounded-md border border-border bg-surface p-3 text-sm text-foreground">
        <strong>Not medical advice.</strong> These are personal experiences shared on Reddit, not
        medical advice. Talk to a licensed clinician before starting, changing or stopping any
        medication.
      </p>

      <form
        role="search"
        aria-labelledby="reddit-q-label"
        method="get"
        action="/reddit-posts"
        onSubmit={onSubmit}
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="reddit-q" id="reddit-q-label">
            Search Reddit
          </Label>
          <Input
            id="reddit-q"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={REDDIT_QUERY_MAX_LENGTH}
            placeholder="e.g. tirzepatide side effects"
            aria-invalid={!input.ok && input.field === 'q' ? true : undefined}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="reddit-subreddit">Subreddit</Label>
          <select
            id="reddit-subreddit"
            name="subreddit"
            value={subreddit}
            onChange={(event) =>
              navigate({ ...(q ? { q } : {}), subreddit: event.currentTarget.value })
            }
            className="h-11 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
          >
            {SUBREDDITS.map((name) => (
              <option key={name} value={name}>
                r/{name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </form>

      <nav aria-label="Quick searches" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {QUICK_SEARCHES.map((chip) => {
            const active = q.toLowerCase() === chip.toLowerCase();
            return (
              <li key={chip}>
                <a
                  href={hrefFor({ q: chip, subreddit })}
                  aria-current={active ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate({ q: chip, subreddit });
                  }}
                  className={cn(
                    'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring',
                    active
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'border-border bg-background text-foreground hover:bg-primary-soft',
                  )}
                >
                  {chip}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby="reddit-results" className="mt-8">
        <h2 id="reddit-results" className="sr-only">
          Posts
        </h2>
        {!input.ok ? (
          <p role="alert" className="rounded-md border border-destructive p-3 text-destructive">
            {input.message}
          </p>
        ) : answer === null || answer.isPending ? (
          <ResultsSkeleton />
        ) : answer.isError ? (
          <p role="alert" className="text-destructive">
            {REDDIT_FAILURE_MESSAGE}
          </p>
        ) : (
          <Results answer={answer.data} onLoadDefault={loadDefault} hrefFor={hrefFor} />
        )}
      </section>
    </div>
  );
}

function Results({
  answer,
  onLoadDefault,
  hrefFor,
}: {
  answer: RedditViewerAnswer;
  onLoadDefault: () => void;
  hrefFor: RedditPageProps['hrefFor'];
}) {
  const { snapshot, covered, refreshPending, search, lastFailure } = answer;
  const posts = snapshot?.posts ?? [];
  return (
    <div aria-live="polite">
      {!covered && (
        <p className="mb-4 rounded-md border border-border bg-surface p-3 text-sm text-foreground">
          No snapshot of “{search.isDefault ? 'the default GLP-1 search' : search.query}” in r/
          {search.subreddit} yet.{' '}
          {lastFailure
            ? failureText(lastFailure, refreshPending, answer.nextScheduledRefresh ?? null)
            : refreshPending
              ? 'It has been requested from Reddit; this page updates by itself for a minute while it waits (after that, reload it).'
              : 'Reddit was asked for it recently; please try again later.'}
          {snapshot && posts.length > 0
            ? ` Meanwhile, these are the posts for “${snapshot.query}” in r/${snapshot.subreddit}.`
            : ''}
        </p>
      )}
      {snapshot && (
        <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground">
          <RefreshCw aria-hidden="true" className="size-4" />
          <span suppressHydrationWarning>{formatSnapshotAge(snapshot.takenAt, new Date())}</span>
          <span aria-hidden="true">·</span>
          <span>
            {posts.length} {posts.length === 1 ? 'post' : 'posts'} from r/{snapshot.subreddit}
          </span>
        </p>
      )}
      {posts.length === 0 ? (
        <div className="rounded-lg border border-border p-8 text-center">
          <p className="text-base text-foreground">No posts to show for this search.</p>
          <a
            href={hrefFor({ subreddit: 'all' })}
            onClick={(event) => {
              event.preventDefault();
              onLoadDefault();
            }}
            className={cn(buttonVariants(), 'mt-4')}
          >
            {LOAD_DEFAULT_LABEL}
          </a>
        </div>
      ) : (
        <ol className="grid gap-4">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const scheduleFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** What the visitor is told after a fetch of the search failed: when, and when it is tried again. */
export function failureText(
  failure: { triedAt: string; retryAfter: string },
  retrying: boolean,
  nextScheduledRefresh: string | null,
): string {
  const tried = `${timeFormat.format(new Date(failure.triedAt))} UTC`;
  const retry = `${timeFormat.format(new Date(failure.retryAfter))} UTC`;
  const next = retrying
    ? 'It is being tried again now; this page updates by itself for a minute (after that, reload it).'
    : `It can be tried again after ${retry}: this page asks again by itself for a minute after it opens (after that, reload it).`;
  const scheduled = nextScheduledRefresh
    ? ` The scheduled refresh at ${scheduleFormat.format(new Date(nextScheduledRefresh))} UTC fetches it too.`
    : '';
  return `The discussion could not be loaded from Reddit (last try at ${tried}). ${next}${scheduled}`;
}

function PostCard({ post }: { post: RedditPost }) {
  return (
    <article className="flex gap-4 rounded-lg border border-border bg-background p-4">
      {post.thumbnail && (
        <img
          src={post.thumbnail}
          alt=""
          width={70}
          height={70}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-[70px] shrink-0 rounded-md object-cover"
        />
      )}
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold text-foreground">
          <a
            href={post.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {post.title}
            <span className="sr-only"> (opens Reddit in a new tab)</span>
          </a>
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          r/{post.subreddit} · u/{post.author} ·{' '}
          <time dateTime={new Date(post.created_utc * 1000).toISOString()}>
            {dateFormat.format(new Date(post.created_utc * 1000))}
          </time>
        </p>
        {post.selftext && (
          <p className="mt-2 text-sm break-words whitespace-pre-line text-foreground">
            {post.selftext}
          </p>
        )}
        <p className="mt-2 flex gap-4 text-sm text-muted-foreground tabular-nums">
          <span className="inline-flex items-center gap-1">
            <ArrowBigUp aria-hidden="true" className="size-4" />
            {formatRedditScore(post.score)} <span className="sr-only">points</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="size-4" />
            {post.num_comments} <span className="sr-only">comments</span>
          </span>
        </p>
      </div>
    </article>
  );
}

function ResultsSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading posts">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-28 w-full" />
      ))}
    </div>
  );
}
