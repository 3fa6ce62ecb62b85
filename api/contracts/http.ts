/**
 * What every JSON endpoint shares, for the API and the web app (web/ may import api/contracts
 * and each capability's api/<capability>/contracts.ts, nothing else of api/).
 */

/** Every command response: the position the client can wait for (read-your-writes). */
export interface CommandResult {
  id: string;
  revision: number;
  position: string;
}

/** Every error response. `fields` maps a field path to its message (400s). */
export interface ApiErrorBody {
  error: string;
  fields?: Record<string, string>;
  /** 409 on a stale save: the fields both saves changed (the admin chooses, then saves again). */
  conflicts?: FieldConflictView[];
  /** With `conflicts`: the revision the latest version is at (the next save expects it). */
  revision?: number;
}

/** One field two administrators changed: this save's value and the latest version's. */
export interface FieldConflictView {
  field: string;
  label: string;
  yours: unknown;
  theirs: unknown;
}

/** POST …/revert: the change (its audit entry's position) and the field to set back. */
export interface RevertChangeBody {
  position: string;
  field: string;
}

/**
 * How pages read public data. In the browser: GET over HTTP (web/lib/http-client.ts). During
 * server rendering: the same paths answered in process by the capabilities' public reads
 * (api/http/public-reads.ts), so a page shows the same data however it was loaded.
 * A failed read throws the web app's one error type (status, message, field messages).
 */
export interface ApiClient {
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
}
