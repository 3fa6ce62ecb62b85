/**
 * Administrator events. An administrator's stream is keyed by the e-mail
 * (`admin-{sha256(lowercased e-mail)}`, built in commands/ where hashing lives), so
 * registering an e-mail twice is a concurrency conflict on 'no_stream', not a lookup.
 * The one-time setup lives in the single stream 'admin-setup'.
 * Only password hashes are stored; plain passwords and setup tokens never reach an event.
 */
import { z } from 'zod';
import type { DomainEvent } from '../shared/envelope';

export const ADMIN_SETUP_STREAM = 'admin-setup';
export const ADMIN_STREAM_PREFIX = 'admin-';

export { normaliseEmail } from '../shared/email';

const adminId = z.string().min(1);
const passwordHash = z.string().min(1);

export const adminEventSchemas = {
  AdminRegistered: z.object({ adminId, email: z.string().email(), passwordHash }),
  AdminPasswordChanged: z.object({ adminId, passwordHash }),
  AdminDeactivated: z.object({ adminId }),
  /** 'Clear All Caches' in the back office: the server's page cache was emptied too. */
  AdminClearedCaches: z.object({ adminId }),
  AdminSetupTokenIssued: z.object({
    tokenHash: z.string().min(1),
    expiresAt: z.string().datetime(),
  }),
  AdminSetupCompleted: z.object({ adminId }),
} as const;

type Schemas = typeof adminEventSchemas;
export type AdminEventType = keyof Schemas;
export type AdminEventData<T extends AdminEventType> = z.infer<Schemas[T]>;

export type AdminEvent = {
  [T in AdminEventType]: DomainEvent<T, AdminEventData<T>>;
}[AdminEventType];

export type AdminUserEvent = Extract<
  AdminEvent,
  {
    type: 'AdminRegistered' | 'AdminPasswordChanged' | 'AdminDeactivated' | 'AdminClearedCaches';
  }
>;
export type AdminSetupEvent = Extract<
  AdminEvent,
  { type: 'AdminSetupTokenIssued' | 'AdminSetupCompleted' }
>;

export function isAdminEventType(type: string): type is AdminEventType {
  return Object.hasOwn(adminEventSchemas, type);
}

export function asAdminEvent(event: { type: string; data: unknown }): AdminEvent | null {
  return isAdminEventType(event.type) ? (event as AdminEvent) : null;
}
