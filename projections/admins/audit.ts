/** How administrator and setup events read in the audit log. */
import { asAdminEvent, isAdminEventType, adminEventSchemas } from '../../domain/admins/events';
import { roleOrAdministrator, roleWithArticle } from '../../domain/admins/roles';
import type { AuditDescriber } from '../audit';

const SETUP = { kind: 'setup', id: 'admin-setup', name: 'Administrator setup' } as const;
const isSetupEvent = (type: string) =>
  type === 'AdminSetupTokenIssued' || type === 'AdminSetupCompleted';

const isInvitationEvent = (type: string) =>
  type === 'AdminInvited' ||
  type === 'AdminInvitationAccepted' ||
  type === 'AdminInvitationCancelled' ||
  type === 'AdminInvitationReplaced';

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
          summary: `Registered ${roleOrAdministrator(admin.data.role)} ${admin.data.email}`,
          changedFields: [],
          remember: { name: admin.data.email },
        };
      case 'AdminRoleChanged':
        return {
          subject: { kind: 'admin', id, name },
          summary: `Changed the role of ${name} from ${admin.data.previousRole} to ${admin.data.role}`,
          changedFields: ['role'],
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
          summary: `Invited ${admin.data.email} to become ${roleWithArticle(roleOrAdministrator(admin.data.role))}`,
          changedFields: [],
          remember: { name: admin.data.email },
        };
      case 'AdminInvitationAccepted':
        return {
          subject: { kind: 'invitation', id, name },
          summary: `${name} accepted the invitation and joined the back office`,
          changedFields: [],
        };
      case 'AdminInvitationCancelled':
        return {
          subject: { kind: 'invitation', id, name },
          summary: `Cancelled the invitation of ${name}`,
          changedFields: ['status'],
        };
      case 'AdminInvitationReplaced':
        return {
          subject: { kind: 'invitation', id, name },
          summary: `Replaced the invitation of ${name} with a newer one (its link no longer works)`,
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
