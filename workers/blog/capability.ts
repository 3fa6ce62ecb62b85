/** The blog's backend half: posts, their slugs, the audit, counts, search and scheduled publishing. */
import { blogCommands } from '../../commands/blog';
import { blogEventSchemas } from '../../domain/blog/events';
import {
  blogAudit,
  blogCounters,
  blogProjector,
  blogQueries,
  blogSearch,
} from '../../projections/blog';
import { defineBackend } from '../bootstrap/capability';
import { blogConfig } from './config';
import { publishScheduledPostJob, scheduledPostsTickJob } from './publish';

export const blog = defineBackend({
  name: 'blog',
  config: blogConfig,
  eventSchemas: blogEventSchemas,
  commands: blogCommands,
  decisionStatus: {
    post_not_found: 404,
    post_exists: 409,
    slug_taken: 409,
    post_changed: 409,
    publish_at_past: 422,
    // 'Revert this change' (commands/field-changes.ts).
    post_change_not_found: 404,
    post_change_not_revertible: 422,
    post_change_changed_again: 409,
  },
  projectors: [blogProjector],
  audit: blogAudit,
  counters: blogCounters,
  queries: blogQueries,
  search: blogSearch,
  jobs: [publishScheduledPostJob, scheduledPostsTickJob],
});
