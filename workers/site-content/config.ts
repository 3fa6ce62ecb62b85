/** Site content's variable: the donation page the support page links to. */
import { z } from 'zod';
import { defineConfig, unsetWhenEmpty, url } from '../bootstrap/platform-config';

export const siteContentConfig = defineConfig({
  variables: z.object({
    /** The external donation page /support opens; unset: the donate button is disabled. */
    DONATION_URL: unsetWhenEmpty(url('DONATION_URL', ['https:'])),
  }),
});
