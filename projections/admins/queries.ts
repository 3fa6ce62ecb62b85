/** Administrator accounts and the first-start setup, for sign-in and the setup link. */
import { normaliseEmail } from '../../domain/admins/events';
import type { ReadStore } from '../read-store/port';
import { ADMIN_COLLECTIONS, ADMIN_SETUP_ID, type AdminSetupDoc, type AdminUserDoc } from './views';

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

    /** Active administrators. */
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
