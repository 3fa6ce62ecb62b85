/** Every projector the app runs, in one list for the runner and for rebuilds. */
import { adminUsersProjector } from './admin-users';
import { auditProjector } from './audit';
import { dashboardProjector } from './dashboard';
import type { Projector } from './projector';
import { providersProjector } from './providers';
import { subscriptionsProjector } from './subscriptions';

export const allProjectors = (): Projector[] => [
  providersProjector,
  dashboardProjector,
  auditProjector,
  adminUsersProjector,
  subscriptionsProjector,
];

export {
  adminUsersProjector,
  auditProjector,
  dashboardProjector,
  providersProjector,
  subscriptionsProjector,
};
export type { Projector, ProjectionContext } from './projector';
export { createProjectionRunner } from './runner';
export type { ProjectionRunner, ProjectionRunnerOptions, ProjectionStatus } from './runner';
export { rebuild } from './rebuild';
export type { RebuildOptions, RebuildResult } from './rebuild';
export { createQueries } from './queries';
export type { AuditLogQuery, Queries, SetupState } from './queries';
export * from './views';
