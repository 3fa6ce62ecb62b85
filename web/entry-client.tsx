// React Fast Refresh preamble in development; an empty module in production builds.
import '@vitejs/plugin-react/preamble';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { createQueryClient, createRouter } from './router';
import { createHttpClient } from './lib/http-client';
import { DEFAULT_SITE_URL } from './lib/site';

// siteUrl is replaced by the server's value when the router hydrates (see router.tsx).
const router = createRouter({
  queryClient: createQueryClient(),
  api: createHttpClient(),
  siteUrl: DEFAULT_SITE_URL,
});

// Hydrated as a transition: React then hydrates in slices of a few milliseconds, yielding to
// the browser between them, instead of one task that blocks input for the whole page.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterClient router={router} />
    </StrictMode>,
  );
});
