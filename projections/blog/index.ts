/** The blog capability's read side. */
export { blogProjector } from './projector';
export { blogAudit, POST_FIELD_LABELS } from './audit';
export { blogCounters } from './counters';
export { blogSearch } from './search';
export {
  blogQueries,
  BLOG_PAGE_SIZE,
  ADMIN_BLOG_PAGE_SIZE,
  ADMIN_BLOG_PAGE_SIZES,
  FEED_SIZE,
  type BlogQueries,
  type AdminPostStatus,
} from './queries';
export * from './views';
