export {
  publishScheduledPostJob,
  scheduledPostsTickJob,
  queueScheduledPublication,
  BLOG_PUBLISH_JOB,
  BLOG_SCHEDULE_TICK_JOB,
  HORIZON_MS,
} from './publish';
export type { BlogJobDeps, ScheduledPublication } from './publish';
