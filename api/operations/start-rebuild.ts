/**
 * Starts a rebuild of the read models as the back office and the command line's signal both
 * do: one at a time per process (backend.rebuilds answers the one running instead), recorded
 * as events with who started it (an administrator, or the system for the command line).
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../domain/shared/envelope';
import type { Backend } from '../../workers/bootstrap/composition';
import type { RebuildRunState } from '../../workers/rebuild';

export type RebuildBackend = Pick<
  Backend,
  'rebuilds' | 'bus' | 'eventStore' | 'rebuildProjections' | 'logger'
>;

export function startRecordedRebuild(
  backend: RebuildBackend,
  actor: Actor,
  startedBy: string,
): { rebuildId: string; outcome: { started: RebuildRunState } | { running: RebuildRunState } } {
  const rebuildId = randomUUID();
  const record = async (command: Parameters<RebuildBackend['bus']['dispatch']>[0]) => {
    await backend.bus.dispatch(command, { actor, correlationId: rebuildId });
  };
  const outcome = backend.rebuilds.start({
    id: rebuildId,
    startedBy,
    total: () => backend.eventStore.countAfter(0n, Number.MAX_SAFE_INTEGER),
    rebuild: (onProgress) => backend.rebuildProjections({ onProgress }),
    recordStarted: (total) => record({ type: 'RecordRebuildStarted', rebuildId, total }),
    recordEnded: (run) =>
      run.result
        ? record({ type: 'RecordRebuildSwapped', rebuildId, ...run.result })
        : record({
            type: 'RecordRebuildFailed',
            rebuildId,
            error: run.error ?? 'Unknown error',
            ms: run.elapsedMs,
          }),
    onRecordError: (error) =>
      backend.logger.error('could not record the rebuild', { err: error, rebuildId }),
  });
  return { rebuildId, outcome };
}
