/** The operations capability's read side: how its events read in the audit log. */
export { operationsAudit } from './audit';
