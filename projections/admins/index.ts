/** The administrators capability's read side. */
export { adminUsersProjector } from './projector';
export { adminAudit } from './audit';
export { adminQueries, type AdminQueries, type SetupState } from './queries';
export * from './views';
