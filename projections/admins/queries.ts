/** Administrator accounts and the first-start setup, for sign-in and the setup link. */
import { normaliseEmail } from '../../domain/admins/events';
import { roleOrAdministrator, type AdminRole } from '../../domain/admins/roles';
import type { ReadStore } from '../read-store/port';
import {
  ADMIN_COLLECTIONS,
  ADMIN_SETUP_ID,
  type AdminInvitationDoc,
  type AdminSetupDoc,
  type AdminUserDoc,
} from './views';

export interface AdminListDoc {
  _id: string;
  email: string;
  active: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  role: AdminRole;
}

export type SetupState = Omit<AdminSetupDoc, '_id'>;

export function adminQueries(store: ReadStore) {
  const users = () => store.collection<AdminUserDoc>(ADMIN_COLLECTIONS.adminUsers);
  return {
    /** For the login check: includes the password hash. Never send it to a browser. */
    adminUserByEmail(email: string): Promise<AdminUserDoc | null> {
      return users().findOne({ email: normaliseEmail(email) });
    },

    adminUser(adminId: string): Promise<AdminUserDoc | null> {
      return users().findOne({ _id: adminId });
    },

    /** Every administrator, oldest first, without password hashes (the back office's list). */
    async adminList(): Promise<AdminListDoc[]> {
      const docs = await users().find({}, { sort: { createdAt: 1 } });
      return docs.map((doc) => ({
        _id: doc._id,
        email: doc.email,
        active: doc.active,
        createdAt: doc.createdAt,
        lastSignInAt: doc.lastSignInAt ?? null,
        role: roleOrAdministrator(doc.role),
      }));
    },

    /**
     * The role of an active account, or null when there is none (unknown or deactivated): what
     * the role policy checks on every admin request and page.
     */
    async activeAdminRole(adminId: string): Promise<AdminRole | null> {
      const doc = await users().findOne({ _id: adminId });
      return doc?.active ? roleOrAdministrator(doc.role) : null;
    },

    /** Active accounts with the administrator role (one must always stay). */
    activeAdministratorCount(): Promise<number> {
      // No role recorded reads as administrator.
      return users().count({ active: true, role: { $ne: 'editor' } });
    },

    invitationByTokenHash(tokenHash: string): Promise<AdminInvitationDoc | null> {
      return store
        .collection<AdminInvitationDoc>(ADMIN_COLLECTIONS.adminInvitations)
        .findOne({ tokenHash });
    },

    /** One invitation by id (its token hash included: the stream's name, to cancel it). */
    invitationById(id: string): Promise<AdminInvitationDoc | null> {
      return store
        .collection<AdminInvitationDoc>(ADMIN_COLLECTIONS.adminInvitations)
        .findOne({ _id: id });
    },

    /** Invitations not used yet (expired ones included: the list says so), newest first. */
    pendingInvitations(): Promise<AdminInvitationDoc[]> {
      return store
        .collection<AdminInvitationDoc>(ADMIN_COLLECTIONS.adminInvitations)
        .find({ status: 'pending' }, { sort: { createdAt: -1 }, projection: { tokenHash: 0 } });
    },

    /** The token hashes of an address's pending invitations (a new one replaces them). */
    async pendingInvitationHashesFor(email: string): Promise<string[]> {
      const docs = await store
        .collection<AdminInvitationDoc>(ADMIN_COLLECTIONS.adminInvitations)
        .find({ email: normaliseEmail(email), status: 'pending' });
      return docs.map((doc) => doc.tokenHash);
    },

    /** Active accounts, whatever their role. */
    adminCount(): Promise<number> {
      return users().count({ active: true });
    },

    async setupState(): Promise<SetupState> {
      const doc = await store
        .collection<AdminSetupDoc>(ADMIN_COLLECTIONS.adminSetup)
        .findOne({ _id: ADMIN_SETUP_ID });
      if (!doc) {
        return {
          status: 'not_started',
          tokenHash: null,
          expiresAt: null,
          completedAt: null,
          adminId: null,
        };
      }
      const { _id, ...state } = doc;
      return state;
    },
  };
}

export type AdminQueries = ReturnType<typeof adminQueries>;
