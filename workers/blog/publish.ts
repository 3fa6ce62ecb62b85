/**
 * Scheduled publishing. A post saved with a future time is published by a delayed job
 * ('blog.publish-scheduled', BullMQ's delay on the distributed profile, the inline queue's
 * timer embedded), queued when the post is saved. The job decides PublishScheduledPost, which
 * publishes only the schedule it was queued for (a later save or a manual publish wins).
 *
 * Surviving a restart: the inline queue forgets its timers, so 'blog.schedule-pending' runs
 * every minute and queues a delayed job for every post the read model says is waiting (the job
 * id dedupes: a waiting job is never queued twice). Jobs are queued at most HORIZON_MS ahead;
 * a job that wakes early (a long wait chained) waits again, so no timer ever overflows.
 */
import type { z } from 'zod';
import type { CommandBus } from '../../commands';
import type { publishScheduledPostCommand } from '../../commands/blog/commands';
import type { BlogQueries } from '../../projections/blog';
import type { JobDeclaration } from '../jobs';
import type { JobQueue } from '../queue/port';

export const BLOG_PUBLISH_JOB = 'blog.publish-scheduled';
export const BLOG_SCHEDULE_TICK_JOB = 'blog.schedule-pending';
export const BLOG_SCHEDULE_TICK_ID = 'blog-schedule-pending';
export const BLOG_SCHEDULE_TICK_MS = 60_000;
/** How far ahead a delayed job is queued (a timer well inside Node's 24.8-day limit). */
export const HORIZON_MS = 6 * 60 * 60 * 1000;

export interface ScheduledPublication {
  postId: string;
  /** ISO time. */
  publishAt: string;
}

/** Queues the delayed publication of a post (no-op when it is further ahead than the horizon). */
export async function queueScheduledPublication(
  queue: Pick<JobQueue, 'enqueue'>,
  publication: ScheduledPublication,
  now: Date = new Date(),
): Promise<boolean> {
  const wait = Date.parse(publication.publishAt) - now.getTime();
  if (wait > HORIZON_MS) return false;
  await queue.enqueue<ScheduledPublication>(BLOG_PUBLISH_JOB, publication, {
    jobId: `blog-publish-${publication.postId}-${publication.publishAt}`,
    delayMs: Math.max(0, wait),
  });
  return true;
}

type PublishScheduledPostInput = z.input<typeof publishScheduledPostCommand>;

export interface BlogJobDeps {
  bus: Pick<CommandBus<PublishScheduledPostInput>, 'dispatch'>;
  queries: Pick<BlogQueries, 'scheduledPosts'>;
  queue: Pick<JobQueue, 'enqueue'>;
}

export const publishScheduledPostJob: JobDeclaration<BlogJobDeps, ScheduledPublication> = {
  name: BLOG_PUBLISH_JOB,
  doneMessage: 'scheduled post publication handled',
  async run(data, context, deps) {
    if (Date.parse(data.publishAt) > Date.now()) {
      // Woke early (queued at the horizon's edge, or a clock change): wait again.
      return { postId: data.postId, requeued: await requeue(deps, data) };
    }
    await deps.bus.dispatch(
      { type: 'PublishScheduledPost', postId: data.postId, publishAt: data.publishAt },
      {
        actor: { kind: 'system', id: 'blog-schedule-job' },
        correlationId: `blog-publish-${data.postId}-${context.jobId}`,
      },
    );
    return { postId: data.postId, publishAt: data.publishAt };
  },
};

async function requeue(deps: BlogJobDeps, data: ScheduledPublication): Promise<boolean> {
  // A job with the same id is running (this one), so the queue would fold it into a rerun.
  return queueScheduledPublication(deps.queue, data);
}

export const scheduledPostsTickJob: JobDeclaration<BlogJobDeps, Record<string, never>> = {
  name: BLOG_SCHEDULE_TICK_JOB,
  doneMessage: 'pending scheduled posts queued',
  quiet: true,
  async run(_data, _context, deps) {
    const pending = await deps.queries.scheduledPosts();
    let queued = 0;
    for (const post of pending) {
      if (!post.scheduledFor) continue;
      if (
        await queueScheduledPublication(deps.queue, {
          postId: post._id,
          publishAt: post.scheduledFor,
        })
      )
        queued++;
    }
    return { pending: pending.length, queued };
  },
  schedule: {
    id: BLOG_SCHEDULE_TICK_ID,
    when: { every: BLOG_SCHEDULE_TICK_MS },
    data: {},
  },
};
