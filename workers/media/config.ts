/** Media's variable: the largest image an administrator may upload. */
import { z } from 'zod';
import { MEDIA_DEFAULT_MAX_BYTES } from '../../domain/media/rules';
import { defineConfig, wholeNumber } from '../bootstrap/platform-config';

export const mediaConfig = defineConfig({
  variables: z.object({
    /** Bytes (default 10 MB); a larger upload is refused with 413 before it is read. */
    MEDIA_MAX_BYTES: wholeNumber(
      'MEDIA_MAX_BYTES',
      1024,
      200 * 1024 * 1024,
      MEDIA_DEFAULT_MAX_BYTES,
    ),
  }),
});
