/**
 * The back office's 'Rebuild read models' (api/operations/contracts.ts has the answers). The
 * rebuild is the one the CLI's signal runs (Backend.rebuildProjections: fresh collections,
 * swapped in while the site serves), one at a time per process (backend.rebuilds), recorded
 * as events with the administrator who started it. Only a process that runs the projections
 * can swap them (the embedded server; on the distributed profile the worker does it).
 */
import type { operationsCommands } from '../../commands/operations';
import { alreadyRunningText, REBUILD_UNAVAILABLE } from '../../domain/operations/rules';
import type { Actor } from '../../domain/shared/envelope';
import type { RebuildRuns } from '../../workers/rebuild';
import type { CapabilityRouters, RouteDeps } from '../bootstrap/capability';
import { adminActor } from '../http/commands';
import { HttpError } from '../http/errors';
import { startRecordedRebuild } from './start-rebuild';
import {
  OPERATIONS_PATHS,
  type ReadModelStatusView,
  type RebuildStartedView,
  type RebuildStatusView,
} from './contracts';

const inAdmin = (path: string) => path.replace(/^\/api\/admin/, '');

export function operationsRoutes(
  { admin }: CapabilityRouters,
  deps: RouteDeps<typeof operationsCommands, object, { rebuilds: RebuildRuns }>,
) {
  const { backend, commands } = deps;
  const available = () => backend.runner !== null;

  admin.get(
    inAdmin(OPERATIONS_PATHS.rebuild),
    commands.handle(async (_req, res) => {
      const status: RebuildStatusView = {
        available: available(),
        ...(available() ? {} : { unavailableReason: REBUILD_UNAVAILABLE }),
        run: backend.rebuilds.latest(),
      };
      res.json(status);
    }),
  );

  admin.get(
    inAdmin(OPERATIONS_PATHS.readModels),
    commands.handle(async (_req, res) => {
      const status: ReadModelStatusView = await backend.readModels();
      res.json(status);
    }),
  );

  admin.post(
    inAdmin(OPERATIONS_PATHS.rebuild),
    commands.handle(async (_req, res) => {
      if (!available()) throw new HttpError(409, REBUILD_UNAVAILABLE);
      const actor: Actor = adminActor(res);
      const { rebuildId, outcome } = startRecordedRebuild(backend, actor, actor.email ?? actor.id);
      if ('running' in outcome) {
        const { startedAt, startedBy } = outcome.running;
        res.status(409).json({
          error: alreadyRunningText(startedAt, startedBy),
          run: outcome.running,
        });
        return;
      }
      backend.logger.info('rebuilding read models (back office)', {
        rebuildId,
        startedBy: outcome.started.startedBy,
      });
      const body: RebuildStartedView = { run: outcome.started };
      res.status(202).json(body);
    }),
  );
}
