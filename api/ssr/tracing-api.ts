/**
 * The public reads of one render, recorded: each read runs with the render's set of reads
 * current (projections/read-tracking.ts), so the read models' queries (over the tracing store
 * the composition root gives them) add what they ask to it (a keyed lookup, some fields, a
 * whole collection). The page cache keeps the page with that set and drops it only when a
 * change touches one of those reads (projections/read-matching.ts).
 */
import { readingInto, type CollectionReads } from '../../projections/read-tracking';
import type { ApiClient } from '../contracts/http';

export function tracingApi(api: ApiClient, reads: CollectionReads): ApiClient {
  return { get: (path) => readingInto(reads, () => api.get(path)) };
}
