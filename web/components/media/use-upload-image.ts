/**
 * Uploads one image to the media library: `upload(file, alt?)` resolves with the stored
 * MediaView (or rejects with an ApiError carrying the server's message, e.g. 'SVG images are
 * not accepted...'). XMLHttpRequest, not fetch: only it reports upload progress. The library's
 * lists are refreshed afterwards.
 */
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MEDIA_ALT_FIELD,
  MEDIA_PATHS,
  MEDIA_UPLOAD_FIELD,
  type MediaView,
} from '../../../api/media/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/http-client';
import { invalidateAdminData, useCsrfToken } from '../../lib/back-office';

export interface UploadState {
  /** 0..100 while sending; null when idle. */
  progress: number | null;
  /** The last upload's error message (the server's sentence), or null. */
  error: string | null;
  pending: boolean;
}

function sendUpload(
  file: File,
  alt: string | undefined,
  csrfToken: string | undefined,
  onProgress: (percent: number) => void,
): Promise<MediaView> {
  const form = new FormData();
  form.set(MEDIA_UPLOAD_FIELD, file, file.name);
  if (alt !== undefined) form.set(MEDIA_ALT_FIELD, alt);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MEDIA_PATHS.admin);
    xhr.setRequestHeader('Accept', 'application/json');
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText) as unknown;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as MediaView);
        return;
      }
      const body = (payload ?? {}) as { error?: unknown; fields?: Record<string, string> };
      reject(
        new ApiError(
          xhr.status,
          typeof body.error === 'string' ? body.error : `Upload failed (${xhr.status})`,
          body.fields ?? {},
        ),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_ERROR_MESSAGE)));
    xhr.send(form);
  });
}

export function useUploadImage() {
  const csrfToken = useCsrfToken();
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ progress: null, error: null, pending: false });
  const running = useRef(0);

  const upload = useCallback(
    async (file: File, alt?: string): Promise<MediaView> => {
      const run = ++running.current;
      setState({ progress: 0, error: null, pending: true });
      try {
        const media = await sendUpload(file, alt, csrfToken(), (progress) => {
          if (run === running.current) setState((s) => ({ ...s, progress }));
        });
        if (run === running.current) setState({ progress: null, error: null, pending: false });
        return media;
      } catch (error) {
        const message = error instanceof Error ? error.message : NETWORK_ERROR_MESSAGE;
        if (run === running.current) setState({ progress: null, error: message, pending: false });
        throw error;
      } finally {
        void invalidateAdminData(queryClient);
      }
    },
    [csrfToken, queryClient],
  );

  const reset = useCallback(() => setState({ progress: null, error: null, pending: false }), []);
  return { ...state, upload, reset };
}
