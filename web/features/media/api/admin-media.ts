/**
 * The library's commands: change an image's alt text, delete an image. Its list and the upload
 * are in web/components/media (the picker other features open uses them too).
 */
import { MEDIA_PATHS, type MediaView } from '../../../../api/media/contracts';
import { useAdminCommand } from '../../../lib/back-office';
import { request } from '../../../lib/http-client';

export {
  mediaLibraryQuery,
  useMediaLibrary,
  type MediaSearch,
} from '../../../components/media/media-library-query';

export const useSaveAltText = () =>
  useAdminCommand(({ id, alt }: { id: string; alt: string }, csrfToken?: string | null) =>
    request<MediaView>('PUT', MEDIA_PATHS.adminAlt(id), { body: { alt }, csrfToken }),
  );

export const useDeleteMedia = () =>
  useAdminCommand((id: string, csrfToken?: string | null) =>
    request<{ ok: true }>('DELETE', MEDIA_PATHS.adminOne(id), { csrfToken }),
  );
