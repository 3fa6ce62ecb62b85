/**
 * Operations' backend half: rebuilds of the read models started from the back office, one at
 * a time per process (`backend.rebuilds`, workers/rebuild.ts), each recorded as events with
 * who started it and how it ended (the audit log reads them).
 */
import { operationsCommands } from '../../commands/operations';
import { operationsEventSchemas } from '../../domain/operations/events';
import { operationsAudit } from '../../projections/operations';
import { defineBackend, type PortDeclaration } from '../bootstrap/capability';
import { createRebuildRuns, type RebuildRuns } from '../rebuild';

/** This process's rebuilds; closing waits for one still running (its swap, its last event). */
const rebuildRunsPort: PortDeclaration<RebuildRuns> = {
  open() {
    const runs = createRebuildRuns();
    return Promise.resolve({ value: runs, close: () => runs.idle() });
  },
};

export const operations = defineBackend({
  name: 'operations',
  eventSchemas: operationsEventSchemas,
  commands: operationsCommands,
  decisionStatus: {
    rebuild_already_started: 409,
    rebuild_not_found: 404,
    rebuild_already_ended: 409,
  },
  audit: operationsAudit,
  ports: { rebuilds: rebuildRunsPort },
});
