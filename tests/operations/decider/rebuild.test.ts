/** A rebuild's record as Given(events) / When(command) / Then(events or error). */
import { describe, it } from 'vitest';
import { rebuildDecider } from '../../../domain/operations/decider';
import type { OperationsEvent } from '../../../domain/operations/events';
import { DecisionError } from '../../../domain/shared/decider';
import { DeciderSpecification } from '../../support/decider-specification';

const { given } = DeciderSpecification.for(rebuildDecider);
const rebuildId = 'r-1';
const swap = { rebuildId, events: 120, projectors: 14, position: '120', ms: 340 };
const started: OperationsEvent = {
  type: 'ReadModelsRebuildStarted',
  data: { rebuildId, total: 119 },
};
const swapped: OperationsEvent = { type: 'ReadModelsRebuilt', data: swap };
const failed: OperationsEvent = {
  type: 'ReadModelsRebuildFailed',
  data: { rebuildId, error: 'disk full', ms: 20 },
};

describe('a rebuild of the read models', () => {
  it('given nothing, records its start with the events in the log', () => {
    given([]).when({ type: 'Start', rebuildId, total: 119 }).then([started]);
  });

  it('given it started, a second start is refused', () => {
    given([started])
      .when({ type: 'Start', rebuildId, total: 119 })
      .thenThrows(DecisionError, { code: 'rebuild_already_started' });
  });

  it('given it started, records the swap with its figures', () => {
    given([started])
      .when({ type: 'Finish', ...swap })
      .then([swapped]);
  });

  it('given it started, records the failure with its error', () => {
    given([started]).when({ type: 'Fail', rebuildId, error: 'disk full', ms: 20 }).then([failed]);
  });

  it.each([
    ['swapped', swapped],
    ['failed', failed],
  ])('given it %s, it cannot end again', (_, end) => {
    given([started, end])
      .when({ type: 'Finish', ...swap })
      .thenThrows(DecisionError, { code: 'rebuild_already_ended' });
  });

  it('given nothing, an end is refused as not found', () => {
    given([])
      .when({ type: 'Fail', rebuildId, error: 'x', ms: 1 })
      .thenThrows(DecisionError, { code: 'rebuild_not_found' });
  });
});
