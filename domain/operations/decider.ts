/**
 * A rebuild of the read models: started once, then swapped in or failed, once. The id is new
 * per start (decided by the caller), so a second start on a stream is a retried dispatch.
 * That only one rebuild runs at a time is the running process's business (workers/rebuild.ts):
 * a rebuild cut short by a stop never ends in the log, and must not block the next one.
 */
import { decisionErrors, type Decider } from '../shared/decider';
import type { OperationsEvent, ReadModelsRebuildFailed, ReadModelsRebuilt } from './events';

export type RebuildState =
  { status: 'absent' } | { status: 'running' | 'swapped' | 'failed'; rebuildId: string };

export type RebuildCommand =
  | { type: 'Start'; rebuildId: string; total: number }
  | ({ type: 'Finish' } & ReadModelsRebuilt)
  | ({ type: 'Fail' } & ReadModelsRebuildFailed);

export const operationsErrors = decisionErrors({
  rebuild_already_started: 'This rebuild was already started.',
  rebuild_not_found: 'Rebuild not found',
  rebuild_already_ended: 'This rebuild has already ended.',
});

const { fail } = operationsErrors;

export const rebuildDecider: Decider<RebuildCommand, OperationsEvent, RebuildState> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    const { rebuildId } = event.data;
    switch (event.type) {
      case 'ReadModelsRebuildStarted':
        return { status: 'running', rebuildId };
      case 'ReadModelsRebuilt':
        return { status: 'swapped', rebuildId };
      case 'ReadModelsRebuildFailed':
        return { status: 'failed', rebuildId };
    }
  },
  decide(command, state) {
    if (command.type === 'Start') {
      if (state.status !== 'absent') fail('rebuild_already_started');
      const { rebuildId, total } = command;
      return [{ type: 'ReadModelsRebuildStarted', data: { rebuildId, total } }];
    }
    if (state.status === 'absent') return fail('rebuild_not_found');
    if (state.status !== 'running') return fail('rebuild_already_ended');
    if (command.type === 'Finish') {
      const { type: _type, ...rebuilt } = command;
      return [{ type: 'ReadModelsRebuilt', data: rebuilt }];
    }
    const { type: _type, ...failed } = command;
    return [{ type: 'ReadModelsRebuildFailed', data: failed }];
  },
};
