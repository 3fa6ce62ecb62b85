/** How administrator and setup events read in the audit log. */
import { asAdminEvent, isAdminEventType, adminEventSchemas } from '../../domain/admins/events';
import type { AuditDescriber } from '../audit';

const SETUP = { kind: 'setup', id: 'admin-setup', name: 'Administrator setup' } as const;
const isSetupEvent = (type: string) =>
  type === 'AdminSetupTokenIssued' || type === 'AdminSetupCompleted';

const isInvitationEvent = (type: string) =>
  type === 'AdminInvited' ||
  type === 'AdminInvitationAccepted' ||
  type === 'AdminInvitationCancelled';

export const adminAudit: AuditDescriber = {
  eventTypes: Object.keys(adminEventSchemas).filter(isAdminEventType),
  subjectOf: (event) => {
    if (isSetupEvent(event.type)) return { kind: SETUP.kind, id: SETUP.id };
    if (isInvitationEvent(event.type)) {
      return { kind: 'invitation', id: (event.data as { invitationId: string }).invitationId };
    }
    return { kind: 'admin', id: (event.data as { adminId: string }).adminId };
  },
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
      case 'AdminSignedIn':
        return {
          subject: { kind: 'admin', id, name },
          summary: `Administrator ${name} signed in`,
          changedFields: [],
        };
      case 'AdminInvited':
        return {
          subject: { kind: 'invitation', id, name: admin.data.email },
          summary: `Invited ${admin.data.email} to become an administrator`,
          changedFields: [],
          remember: { name: admin.data.email },
        };
      case 'AdminInvitationAccepted':
        return {
          subject: { kind: 'invitation', id, name },
          summary: `${name} accepted the invitation and became an administrator`,
          changedFields: [],
        };
      case 'AdminInvitationCancelled':
        return {
          subject: { kind: 'invitation', id, name },
          summary: `Cancelled the invitation of ${name}`,
          changedFields: ['status'],
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
