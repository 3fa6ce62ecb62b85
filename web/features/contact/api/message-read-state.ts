/**
 * POST /api/admin/contact-messages/:id/read | /unread: the inbox's read state (opening a
 * message records it read; 'Mark as unread' undoes it).
 */
import type { CommandResult } from '../../../../api/contracts/http';
import { CONTACT_PATHS } from '../../../../api/contact/contracts';
import { request } from '../../../lib/http-client';
import { useAdminCommand } from '../../../lib/back-office';

export function markMessageRead(id: string, csrfToken?: string | null): Promise<CommandResult> {
  return request<CommandResult>('POST', CONTACT_PATHS.adminRead(id), { csrfToken });
}

export function markMessageUnread(id: string, csrfToken?: string | null): Promise<CommandResult> {
  return request<CommandResult>('POST', CONTACT_PATHS.adminUnread(id), { csrfToken });
}

export const useMarkMessageRead = () => useAdminCommand(markMessageRead);
export const useMarkMessageUnread = () => useAdminCommand(markMessageUnread);
