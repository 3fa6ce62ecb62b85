/** How a rebuild of the read models reads in the audit log (who started it is the actor). */
import { asOperationsEvent, OPERATIONS_EVENT_TYPES } from '../../domain/operations/events';
import { failedText, formatDuration } from '../../domain/operations/rules';
import type { AuditDescriber } from '../audit';

const SUBJECT = 'Read models';

export const operationsAudit: AuditDescriber = {
  eventTypes: OPERATIONS_EVENT_TYPES,
  subjectOf: (event) => ({
    kind: 'rebuild',
    id: (event.data as { rebuildId: string }).rebuildId,
  }),
  describe(recorded, id) {
    const event = asOperationsEvent(recorded);
    if (!event) throw new Error(`Not an operations event: ${recorded.type}`);
    const subject = { kind: 'rebuild', id, name: SUBJECT };
    switch (event.type) {
      case 'ReadModelsRebuildStarted':
        return {
          subject,
          summary: `Started a rebuild of the read models (${event.data.total.toLocaleString('en-US')} events in the log)`,
          changedFields: [],
          remember: { name: SUBJECT },
        };
      case 'ReadModelsRebuilt':
        return {
          subject,
          summary: `Rebuilt the read models and swapped them in (${event.data.events.toLocaleString('en-US')} events in ${formatDuration(event.data.ms)})`,
          changedFields: [],
        };
      case 'ReadModelsRebuildFailed':
        return { subject, summary: failedText(event.data.error), changedFields: [] };
    }
  },
};
