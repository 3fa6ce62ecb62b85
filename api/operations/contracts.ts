/**
 * Rebuilding the read models from the back office (administrators only):
 * GET  /api/admin/operations/rebuild   200 RebuildStatusView: whether this server can, and the
 *                                      running or last rebuild (poll it every second while running)
 * POST /api/admin/operations/rebuild   202 { run }: started (recorded with who started it)
 *                                      409 { error, run }: 'A rebuild is already running (started
 *                                      14:03:12 UTC by ops@example.com).'
 *                                      409 { error }: this server cannot swap (REBUILD_UNAVAILABLE)
 * GET  /api/admin/operations/read-models
 *                                      200 ReadModelStatusView: the log's last position, each read
 *                                      model's checkpoint and events behind, the newest snapshot
 */
import type { RebuildRunState } from '../../domain/operations/run';
import type { ReadModelStatus } from '../../projections/status';

export {
  alreadyRunningText,
  failedText,
  formatDuration,
  progressText,
  lagText,
  REBUILD_UNAVAILABLE,
  swappedText,
} from '../../domain/operations/rules';
export { formatFileSize } from '../../domain/shared/format';

export const OPERATIONS_PATHS = {
  rebuild: '/api/admin/operations/rebuild',
  readModels: '/api/admin/operations/read-models',
} as const;

export type ReadModelStatusView = ReadModelStatus;

export type RebuildRunView = RebuildRunState;

export interface RebuildStatusView {
  /** False where this process runs no projections (distributed api): the reason says what to do. */
  available: boolean;
  unavailableReason?: string;
  /** The running rebuild, else the last one since the server started (null: none). */
  run: RebuildRunView | null;
}

export interface RebuildStartedView {
  run: RebuildRunView;
}
