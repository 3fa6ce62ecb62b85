/** How administrator and setup events read in the audit log. */
import { asAdminEvent, isAdminEventType, adminEventSchemas } from '../../domain/admins/events';
import type { AuditDescriber } from '../audit';

const SETUP = { kind: 'setup', id: 'admin-setup', name: 'Administrator setup' } as const;
const isSetupEvent = (type: string) =>
  type === 'AdminSetupTokenIssued' || type === 'AdminSetupCompleted';

export const adminAudit: AuditDescriber = {
  eventTypes: Object.keys(adminEventSchemas).filter(isAdminEventType),
  subjectOf: (event) =>
    isSetupEvent(event.type)
      ? { kind: SETUP.kind, id: SETUP.id }
      : { kind: 'admin', id: (event.data as { adminId: string }).adminId },
  describe(recorded, id, known) {
    const admin = asAdminEvent(recorded);
    if (!admin) throw new Error(`Not an administrator event: ${recorded.type}`);
    const name = known?.name ?? id;
    switch (admin.type) {
      case 'AdminRegistered':
        return {
          subject: { kind: 'admin', id, name: admin.data.email },
          summary: `Registered administrator ${admin.data.email}`,
          changedFields: [],
          remember: { name: admin.data.email },
        };
      case 'AdminPasswordChanged':
        return {
          subject: { kind: 'admin', id, name },
          summary: `Changed the password of administrator ${name}`,
          changedFields: ['password'],
        };
      case 'AdminDeactivated':
        return {
          subject: { kind: 'admin', id, name },
          summary: `Deactivated administrator ${name}`,
          changedFields: ['active'],
        };
      case 'AdminClearedCaches':
        return {
          subject: { kind: 'admin', id, name },
          summary: `${name} cleared all caches (the server's page cache included)`,
          changedFields: [],
        };
      case 'AdminSetupTokenIssued':
        return { subject: SETUP, summary: 'Issued an administrator setup link', changedFields: [] };
      case 'AdminSetupCompleted':
        return { subject: SETUP, summary: 'Completed administrator setup', changedFields: [] };
    }
  },
};
