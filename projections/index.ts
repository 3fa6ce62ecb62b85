/** The read side's platform: runner, rebuild, the generic audit log and dashboard. */
export type { Projector, ProjectionContext } from './projector';
export { ensureProjectorIndexes, EVERY_EVENT } from './projector';
export { createProjectionRunner, LAG_COUNT_LIMIT } from './runner';
export type { ProjectionRunner, ProjectionRunnerOptions, ProjectionStatus } from './runner';
export { rebuild, STORE_CHECKPOINT } from './rebuild';
export type { RebuildOptions, RebuildProgress, RebuildResult } from './rebuild';
export { auditQueries, createAuditProjector, quoted } from './audit';
export type { AuditDescriber, AuditDescription, AuditLogQuery, AuditSubjectDoc } from './audit';
export { createDashboardProjector, dashboardQueries } from './dashboard';
export type { DashboardCounter } from './dashboard';
export * from './views';
